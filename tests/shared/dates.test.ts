import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/shared/dates';

describe('dates', () => {
  it('shows a date one way, in Ghana time (GMT)', () => {
    expect(formatDate('2026-11-05T23:30:00Z')).toBe('5 Nov 2026');
    expect(formatDate('2026-09-14T12:00:00Z')).toBe('14 Sep 2026');
    expect(formatDateTime('2026-11-05T14:05:00.000Z')).toBe('5 Nov 2026, 14:05');
  });

  it('shows a dash for a missing or broken date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('says what Intl says for the same day in GMT', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (d) => {
        const part = (type: string) => intl.formatToParts(d).find((p) => p.type === type)!.value;
        return formatDate(d.toISOString()) === `${part('day')} ${part('month').slice(0, 3)} ${part('year')}`;
      }),
    );
  });
});
