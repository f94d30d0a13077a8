import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCedis, formatMinor, fromMinor, toMinor } from '../../src/shared/money';

describe('money', () => {
  it('shows cedis one way', () => {
    expect(formatCedis(1250)).toBe('GH₵ 1,250.00');
    expect(formatCedis(0.5)).toBe('GH₵ 0.50');
    expect(formatCedis(-3)).toBe('-GH₵ 3.00');
    expect(formatMinor(123456)).toBe('GH₵ 1,234.56');
    expect(formatCedis(1234567.5)).toBe('GH₵ 1,234,567.50');
    expect(formatCedis(-0.001)).toBe('GH₵ 0.00');
  });

  it('groups thousands as Intl does for en-GH', () => {
    const intl = new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (minor) => formatMinor(minor) === `GH₵ ${intl.format(minor / 100)}`));
  });

  it('round-trips pesewas through cedis', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (minor) => toMinor(fromMinor(minor)) === minor));
  });

  it('rounds cedi amounts to whole pesewas', () => {
    expect(toMinor(19.999)).toBe(2000);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });
});
