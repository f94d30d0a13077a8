import type { Page } from 'playwright-core';
import type { LoginAnswer } from '../../src/shared/schemas/accounts';

/**
 * Signs in through the real /signin page and waits until the app has moved on. If the page
 * is already on /signin (a protected page sent it there), it signs in from where it is, so
 * the app returns to that page.
 */
export async function signInThroughPage(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  if (new URL(page.url() === 'about:blank' ? baseUrl : page.url()).pathname !== '/signin') {
    await page.goto(`${baseUrl}/signin`);
  }
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin', { timeout: 20_000 });
}

/** Signs in through the API; the answer is the session the app would keep. */
export async function loginViaApi(baseUrl: string, email: string, password: string): Promise<LoginAnswer> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: LoginAnswer; message?: string };
  if (!response.ok || !body.data) throw new Error(`Sign-in of ${email} failed (${response.status}): ${body.message}`);
  return body.data;
}
