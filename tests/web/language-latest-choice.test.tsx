import { expect, it } from 'vitest';
import { currentLocale } from '../../src/shared/i18n';
import { showLocale } from '../../src/web/i18n/language';

// Its own file, so Twi's messages are not loaded yet: their download is what makes the race.
it('shows the language chosen last, even when the one chosen before it arrives later', async () => {
  const twi = showLocale('ak'); // its messages still to download
  const english = showLocale('en'); // in the first screen's code already
  await Promise.all([twi, english]);
  expect(currentLocale()).toBe('en');
  expect(document.documentElement.lang).toBe('en-GH');
});
