import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether e2e can run here. Without a browser it is skipped with a reason, but never in CI. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const reason = `No Chromium at ${CHROMIUM} (apt-get install chromium): end-to-end tests skipped.`;
  if (process.env.CI) throw new Error(`${reason} CI must run them.`);
  console.warn(reason);
  return false;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * One Chromium for tests that want several people side by side: each browser.newContext() is
 * a fresh, separate profile in memory (one process, so a long walk stays cheap).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A fresh Chromium profile. Persistent rather than incognito: incognito pages are never
 * installable, and we test the app as a phone would keep it. The profile goes when the
 * context closes.
 */
export async function launchBrowser(options: { width?: number; height?: number; args?: string[]; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'akuafo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    viewport: { width: options.width ?? 360, height: options.height ?? 740 },
    executablePath: CHROMIUM,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
  // A profile is 10 MB: hundreds of runs would fill a CI machine's /tmp.
  context.on('close', () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // Chromium still finishing a write: the folder is left for the OS to clear.
    }
  });
  return context;
}

/**
 * Loads axe-core into the page through DevTools, not a <script> tag: the app's CSP rightly
 * refuses inline script, and a test tool must not need the policy loosened.
 */
export async function injectAxe(page: Page): Promise<void> {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
}
