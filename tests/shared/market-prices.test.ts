import { describe, expect, it } from 'vitest';
import { buyerCap, farFromTypical, median, MIN_SALES, paidMedian, weightedMedian } from '../../src/shared/market-prices';
import { isoWeekOf, previousWeek, weekStart, weeksEndingWith } from '../../src/shared/market-weeks';

describe('medians', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([300, 100, 200])).toBe(200);
    expect(median([100, 200, 300, 1000])).toBe(250);
  });

  it('weights each price by the quantity sold at it', () => {
    // 1 bag at 100, 1 at 200, 4 at 300: most bags went for 300, the plain median says 200.
    expect(weightedMedian([{ price: 100, weight: 1 }, { price: 200, weight: 1 }, { price: 300, weight: 4 }])).toBe(300);
    expect(median([100, 200, 300])).toBe(200);
    // Halves meeting exactly between two prices: their mean.
    expect(weightedMedian([{ price: 100, weight: 2 }, { price: 200, weight: 2 }])).toBe(150);
    expect(weightedMedian([{ price: 500, weight: 3 }])).toBe(500);
    expect(weightedMedian([{ price: 500, weight: 0 }])).toBeNull();
    expect(weightedMedian([])).toBeNull();
  });

  it("caps each buyer's quantity so that no buyer weighs more than a third of a cell (issue 37)", () => {
    // One buyer's 100 bags at 625 against three buyers' one bag each at 412: by kilos alone 625.
    const wash = [{ price: 62_500, quantity: 100, buyer: 9 }, ...[1, 2, 3].map((buyer) => ({ price: 41_200, quantity: 1, buyer }))];
    expect(weightedMedian(wash.map((s) => ({ price: s.price, weight: s.quantity })))).toBe(62_500);
    expect(paidMedian(wash)).toBe(41_200);
    // Capped at half the other three's bags: a third of the weight.
    expect(buyerCap([100, 1, 1, 1])).toBe(1.5);
    // Two large buyers: both capped, each at a third, the small ones' share the rest.
    expect(buyerCap([100, 100, 1])).toBe(1);
    // Nobody above a third: nothing capped, the plain weighted median.
    expect(buyerCap([2, 2, 2, 1])).toBe(Infinity);
    expect(paidMedian([{ price: 100, quantity: 1, buyer: 1 }, { price: 200, quantity: 1, buyer: 2 }, { price: 300, quantity: 1, buyer: 3 }, { price: 300, quantity: 1, buyer: 4 }])).toBe(250);
    // One buyer's orders add up to one share, however many orders.
    expect(paidMedian([...Array.from({ length: 20 }, () => ({ price: 900, quantity: 5, buyer: 7 })), ...[1, 2, 3].map((buyer) => ({ price: 400, quantity: 1, buyer }))])).toBe(400);
    // Capped weights are fractions: the halves meeting exactly (12 of 24 at GH₵ 300 and below)
    // is found whatever order the sales come in. The database's order once made it 400 (issue 37).
    const capped = [
      { price: 200, quantity: 4, buyer: 1 }, { price: 300, quantity: 3, buyer: 1 }, { price: 200, quantity: 2, buyer: 1 }, { price: 300, quantity: 3, buyer: 3 },
      { price: 400, quantity: 4, buyer: 4 }, { price: 300, quantity: 1, buyer: 5 }, { price: 500, quantity: 40, buyer: 99 },
    ];
    const orders = [[0, 1, 2, 3, 4, 5, 6], [3, 4, 0, 2, 6, 1, 5], [6, 5, 4, 3, 2, 1, 0], [1, 6, 2, 5, 0, 4, 3]];
    for (const order of orders) expect(paidMedian(order.map((i) => capped[i]!))).toBe(350);
    // Fewer than three buyers: no paid price can keep one of them to a third.
    expect(buyerCap([5, 5])).toBeNull();
    expect(paidMedian([{ price: 100, quantity: 1, buyer: 1 }, { price: 200, quantity: 1, buyer: 1 }, { price: 300, quantity: 1, buyer: 2 }])).toBeNull();
  });

  it('needs 3 sales before a paid price is said', () => {
    expect(MIN_SALES).toBe(3);
  });

  it('warns only beyond 30% outside the typical range', () => {
    expect(farFromTypical(130, 90, 100)).toBeNull();
    expect(farFromTypical(131, 90, 100)).toBe('high');
    expect(farFromTypical(63, 90, 100)).toBeNull();
    expect(farFromTypical(62, 90, 100)).toBe('low');
  });
});

describe('ISO weeks in Accra time', () => {
  it('names the week of an instant, Monday 00:00 GMT to Sunday 23:59', () => {
    expect(isoWeekOf('2026-11-16T00:00:00Z')).toBe('2026-W47');
    expect(isoWeekOf('2026-11-22T23:59:59Z')).toBe('2026-W47');
    expect(isoWeekOf('2026-11-23T00:00:00Z')).toBe('2026-W48');
    // Ghana keeps GMT: 23:30 on Sunday in Accra is still that Sunday, whatever the server's zone.
    expect(isoWeekOf('2026-11-22T23:30:00+00:00')).toBe('2026-W47');
  });

  it('puts the turn of the year in the right ISO year', () => {
    expect(isoWeekOf('2027-01-01T12:00:00Z')).toBe('2026-W53');
    expect(isoWeekOf('2025-12-29T00:00:00Z')).toBe('2026-W01');
    expect(isoWeekOf('2021-01-03T12:00:00Z')).toBe('2020-W53');
  });

  it('starts, steps back and lists weeks', () => {
    expect(new Date(weekStart('2026-W48')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart('2026-W01')).toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(previousWeek('2026-W01')).toBe('2025-W52');
    const twelve = weeksEndingWith('2026-W02', 12);
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toBe('2025-W43');
    expect(twelve.at(-1)).toBe('2026-W02');
    expect(new Set(twelve).size).toBe(12);
  });
});
