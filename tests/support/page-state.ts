import type { Page } from 'playwright-core';

/**
 * What a page shows and has logged, for a failed wait: a CI run on a loaded machine fails
 * once in many, and "timeout" alone does not say whether the page was slow, wrong or broken.
 */
export function watchPage(page: Page): { explain: (error: Error) => Promise<never> } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return {
    async explain(error: Error): Promise<never> {
      const seen = await page
        .evaluate(() => ({ url: location.href, lang: document.documentElement.lang, chosen: localStorage.getItem('akuafo.language'), marks: performance.getEntriesByType('mark').map((m) => m.name), text: document.body.innerText.slice(0, 800) }))
        .catch((e: Error) => `(unreadable: ${e.message})`);
      throw new Error(`${error.message}\nThe page instead: ${JSON.stringify(seen)}\nIts errors: ${JSON.stringify(errors.slice(-10))}`);
    },
  };
}
