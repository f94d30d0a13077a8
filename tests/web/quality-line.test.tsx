import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QualityLine } from '../../src/web/components/QualityLine';

/** Issue 41 item 4: a listing's record at the warehouse check, as the product and seller pages show it. */
afterEach(cleanup);

describe('QualityLine', () => {
  it('says where the newest lot was checked, its grade and moisture, and how many lots passed', () => {
    render(<QualityLine quality={{ checkedLots: 3, passedLots: 2, lastGrade: 'Grade 1', lastMoisturePct: 12.4, lastCheckedAt: 'Techiman' }} />);
    expect(screen.getByText('Checked at Techiman: Grade 1, moisture 12.4%. 2 of 3 lots passed the warehouse check.')).toBeTruthy();
  });

  it('names no grade for fresh produce, and shows nothing for a listing never checked', () => {
    const { container } = render(<QualityLine quality={{ checkedLots: 0, passedLots: 0, lastGrade: null, lastMoisturePct: null, lastCheckedAt: null }} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<QualityLine quality={{ checkedLots: 1, passedLots: 1, lastGrade: null, lastMoisturePct: null, lastCheckedAt: 'Accra' }} />);
    expect(screen.getByText('Checked at Accra. 1 of 1 lot passed the warehouse check.')).toBeTruthy();
  });
});
