import { describe, expect, it, vi } from 'vitest';

// The first fetch of Twi's page messages is lost, as a chunk on a patchy network can be.
let fetches = 0;
vi.mock('../../src/shared/i18n/compiled/ak.pages', async (importOriginal) => {
  fetches += 1;
  if (fetches === 1) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('a language chunk that failed to arrive', () => {
  it('is fetched again by the next call, not refused for the rest of the visit', async () => {
    const { activate, loadLocale, t } = await import('../../src/shared/i18n');
    await expect(loadLocale('ak', ['pages'])).rejects.toThrow();
    await loadLocale('ak', ['pages']);
    activate('ak');
    expect(t('addresses.title')).toBe('Address ahorow');
    expect(fetches).toBe(2);
  });
});
