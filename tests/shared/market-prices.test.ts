import { describe, expect, it } from 'vitest';
import { farFromTypical, median, MIN_SALES, weightedMedian } from '../../src/shared/market-prices';
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
