import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { readIndexedDb } from '../support/indexeddb';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
const dataDir = e2eServer().dataDir;
let context: BrowserContext;

/** The newest 6-digit code the server mailed to this address (its mail spool). */
async function mailedCode(email: string, pattern: RegExp = /code is (\d{6})/): Promise<string> {
  const dir = join(dataDir, 'mail');
  for (let i = 0; i < 50; i++) {
    const files = (() => {
      try {
        return readdirSync(dir).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const raw = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!raw.includes(`To: ${email}`)) continue;
      const code = pattern.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** The newest 6-digit code the server texted to this number (its SMS spool, DATA_DIR/sms). */
async function textedCode(number: string): Promise<string> {
  const dir = join(dataDir, 'sms');
  for (let i = 0; i < 50; i++) {
    const files = (() => {
      try {
        return readdirSync(dir).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const raw = readFileSync(join(dir, file), 'utf8');
      const code = raw.startsWith(`To: ${number}\n`) ? /code: (\d{6})/.exec(raw)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code texted to ${number}`);
}

describe.skipIf(!baseUrl)('accounts in the browser', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs up through the wizard, verifies the e-mailed code and is signed in', async () => {
    const page: Page = await context.newPage();
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'Gr0und#nut5';

    await page.goto(`${baseUrl}/signin`);
    await page.getByRole('button', { name: 'create a new account' }).click();
    await page.getByRole('dialog', { name: 'Join as a buyer or seller' }).waitFor();
    await page.getByRole('button', { name: /I'm a Buyer/ }).click();
    await page.waitForURL(`${baseUrl}/signup`);

    // Step 1, with a rule broken first.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Please fix the errors in the form').waitFor();
    await page.getByLabel('First name').fill('Esi');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2.
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByText('Strength: Weak').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByText('Strength: Strong').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: Ghana is chosen, its 16 regions are offered, the phone gets +233.
    const region = page.getByLabel('State / Region');
    await expect.poll(() => region.locator('option').count()).toBe(17);
    await page.getByText('+233').waitFor();
    await region.selectOption('Ashanti');
    await page.getByLabel('Street address').fill('4 Prempeh II Street');
    await page.getByLabel('City').fill('Kumasi');
    await page.getByLabel('Phone number').fill('0241234567');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.waitFor();
    const code = await mailedCode(email);
    // Backspace in an empty box goes back and clears the previous digit.
    await page.getByLabel('Digit 1').focus();
    await page.keyboard.type('9');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 2');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 1');
    expect(await page.getByLabel('Digit 1').inputValue()).toBe('');
    // Resend waits 30 s.
    await expect(page.getByRole('button', { name: /Resend Code in \d+s/ }).isDisabled()).resolves.toBe(true);
    // Typing the sixth digit submits the code.
    await page.keyboard.type(code);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Signed in successfully').waitFor();

    // The account page shows what was signed up with; edits show at once.
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.locator('dd', { hasText: email }).waitFor();
    await page.locator('dd', { hasText: '024 123 4567' }).waitFor();
    await page.getByText('4 Prempeh II Street, Kumasi, Ashanti, Ghana').waitFor();
    await page.getByText('No recent orders').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No changes to save').waitFor();
    await page.getByLabel('First name').fill('Esinam');
    await page.getByLabel('Phone').fill('233201112222');
    // A new number needs the password, then the code texted to it (issues 21.6 and 22.16).
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter your current password to change your e-mail or phone number.').first().waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('We sent a code to your new phone number. Enter it below to finish.').waitFor();
    await page.locator('dd', { hasText: /^Esinam$/ }).waitFor();
    await page.getByLabel('Code sent to the new phone number').fill(await textedCode('+233201112222'));
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await page.getByText('Phone number changed and verified').waitFor();
    await page.locator('dd', { hasText: '020 111 2222 (verified)' }).waitFor();
    // The outbox delivered it: the server holds the change.
    await expect.poll(async () => {
      const session = await loginViaApi(baseUrl, email, password);
      return session.user.firstName;
    }, { timeout: 15_000 }).toBe('Esinam');
    // And the phone has done with it: a row still in flight would make sign-out ask about it
    // (a CI run on a loaded machine met that dialog).
    await expect.poll(async () => (await readIndexedDb(page)).outbox?.length ?? 0, { timeout: 30_000 }).toBe(0);

    // Sign out, then a protected page sends the visitor to /signin and back after sign-in.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // Home shows first; the phone is wiped just after (src/web/components/SignOut.tsx).
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/signin`);
    await signInThroughPage(page, baseUrl, email, password);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByText('Signed in successfully').waitFor();
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // Home shows first; the phone is wiped just after (src/web/components/SignOut.tsx).
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.close();
  });

  it('an unverified account verifies by pasting the code at sign-in, edits its profile offline, then recovers a forgotten password by link', async () => {
    const page = await context.newPage();
    const email = `e2e-reset-${Date.now()}@example.com`;
    const response = await fetch(`${baseUrl}/api/v1/shop/customers/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Yaw', lastName: 'Boateng', email, password: 'First#Pass1', phoneNumber: '233245556666', address: { street: '1 High Street', city: 'Ho', region: 'Volta', country: 'Ghana' } }),
    });
    expect(response.status).toBe(201);
    const code = await mailedCode(email);

    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First#Pass1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Please verify your email address before signing in.').waitFor();
    await page.getByRole('button', { name: 'Send me a verification code' }).click();
    await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
    // Pasting the whole code fills the six boxes and submits it.
    await page.getByLabel('Digit 1').evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/profile`);

    // Offline, an edit shows at once and waits in the outbox; back online, it is sent.
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Last name').fill('Offline-Boateng');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('It will be sent when you are back online.').waitFor();
    await page.locator('dd', { hasText: /^Offline-Boateng$/ }).waitFor();
    await context.setOffline(false);
    await expect.poll(async () => (await loginViaApi(baseUrl, email, 'First#Pass1')).user.lastName, { timeout: 20_000 }).toBe('Offline-Boateng');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // Home shows first; the phone is wiped just after (src/web/components/SignOut.tsx).
    await page.getByRole('link', { name: 'Sign In' }).waitFor();

    await page.goto(`${baseUrl}/signin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The router keeps showing the sign-in form (with its own "Email address") until the lazy
    // page has loaded: type only once the reset page is there.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Reset link sent. Check your inbox.').waitFor();
    const token = await mailedCode(email, /reset-password\?token=(\S+)/);
    await page.goto(`${baseUrl}/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('Second#Pass2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Second#Pass2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset successful! Redirecting to sign in...').waitFor();
    await page.waitForURL(`${baseUrl}/signin`);
    await signInThroughPage(page, baseUrl, email, 'Second#Pass2');
    // The link worked once; opened again it says so before asking for anything.
    await page.goto(`${baseUrl}/reset-password?token=${token}`);
    await page.getByText('This reset link is invalid or has expired. Please request a new one.').waitFor();
    await page.goto(`${baseUrl}/reset-password`);
    await page.getByText('Invalid or missing token.').waitFor();
    await page.close();
  });
});
