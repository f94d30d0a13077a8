import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QualityLine } from '../../src/web/components/QualityLine';
import { FilterPanel } from '../../src/web/components/catalogue/FilterPanel';
import { activeFilterChips } from '../../src/web/components/catalogue/ActiveFilters';
import { NO_FILTERS, filtersActive, filtersToQuery, type CatalogueFilters } from '../../src/web/components/catalogue/filters';
import { queryToSearchParams } from '../../src/web/pages/catalogue/useProductsQuery';

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

describe('the "checked at a warehouse" filter', () => {
  it('is a box in the filter panel that asks GET /products for ?checked=true, and a chip that clears it', () => {
    let seen: CatalogueFilters | undefined;
    render(<FilterPanel value={NO_FILTERS} onChange={(next) => (seen = next)} />);
    fireEvent.click(screen.getByLabelText('Checked at a warehouse'));
    expect(seen).toMatchObject({ checked: true });
    expect(filtersActive(seen!)).toBe(true);
    expect(filtersToQuery(seen!)).toEqual({ checked: 'true' });
    expect(activeFilterChips(seen!)).toEqual([{ label: 'Checked at a warehouse', clear: { checked: false } }]);
    expect(queryToSearchParams({ page: 1, limit: 20, sortBy: 'createdAt', sortDir: 'desc', checked: true })).toMatchObject({ checked: 'true' });
    expect(filtersToQuery(NO_FILTERS)).toEqual({});
  });
});
