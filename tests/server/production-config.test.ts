import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, requireInProduction } from '../../src/server/config';
import { npmStartRefusal } from '../support/npm-start';

/**
 * Issue 21.10: with NODE_ENV=production set by the operator, the server refuses to start on
 * the payment sandbox or the demo seed unless each is asked for by name, and says which
 * setting is missing. (That `npm start` without NODE_ENV still serves the demo with the
 * sandbox is tests/e2e/default-start.test.ts: it needs the built app.)
 */
const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-prod-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Shared sales records are signed with this key (docs/records.md); a test below leaves it out.
const RECORD_SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const production = { NODE_ENV: 'production', DATA_DIR: dataDir, RECORD_SIGNING_KEY };

describe('loadConfig in production', () => {
  it('refuses the sandbox without ALLOW_SANDBOX_PAYMENTS=1, and the default seed without SEED', () => {
    expect(() => loadConfig({ ...production, SEED: 'none' })).toThrow(/NODE_ENV=production needs ALLOW_SANDBOX_PAYMENTS: without PAYSTACK_SECRET_KEY/);
    expect(() => loadConfig({ ...production, SEED: 'none', ALLOW_SANDBOX_PAYMENTS: 'yes' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: '1' })).toThrow(/NODE_ENV=production needs SEED: .*SEED=none, or SEED=demo/);
  });

  it('starts when each is asked for by name, or when Paystack is configured', () => {
    // Issues 26 and 28: the USSD and SMS gateways' callback tokens are required in production too (below).
    const tokens = { USSD_CALLBACK_TOKEN: 'a-long-random-token', SMS_CALLBACK_TOKEN: 't' };
    expect(loadConfig({ ...production, ...tokens, SEED: 'demo', ALLOW_SANDBOX_PAYMENTS: '1' })).toMatchObject({ seed: 'demo', paystack: undefined });
    expect(loadConfig({ ...production, ...tokens, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x' })).toMatchObject({ seed: 'none', paystack: { secretKey: 'sk_live_x' } });
  });

  it('refuses to take inbound SMS without SMS_CALLBACK_TOKEN (issue 28)', () => {
    expect(() => loadConfig({ ...production, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x', USSD_CALLBACK_TOKEN: 'tok' })).toThrow(/NODE_ENV=production needs SMS_CALLBACK_TOKEN/);
  });

  it('refuses to start without RECORD_SIGNING_KEY, or with a key that is not Ed25519 (issue 41)', () => {
    const ready = { ...production, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x', SMS_CALLBACK_TOKEN: 't', USSD_CALLBACK_TOKEN: 'tok' };
    expect(() => loadConfig({ ...ready, RECORD_SIGNING_KEY: undefined })).toThrow(/NODE_ENV=production needs RECORD_SIGNING_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ ...ready, RECORD_SIGNING_KEY: rsa })).toThrow(/RECORD_SIGNING_KEY must be an Ed25519 private key/);
    expect(loadConfig(ready).recordSigningKey).toBe(RECORD_SIGNING_KEY);
  });

  it('refuses to start without USSD_CALLBACK_TOKEN, which then guards the callbacks (issue 26)', () => {
    expect(() => loadConfig({ ...production, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x', SMS_CALLBACK_TOKEN: 't' })).toThrow(/NODE_ENV=production needs USSD_CALLBACK_TOKEN/);
    expect(loadConfig({ ...production, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x', SMS_CALLBACK_TOKEN: 't', USSD_CALLBACK_TOKEN: 'tok' }).ussd.callbackToken).toBe('tok');
  });

  it('never runs the WhatsApp channel without its secrets in production, and names the ones missing (issue 42)', () => {
    const ready = { ...production, SEED: 'none', PAYSTACK_SECRET_KEY: 'sk_live_x', SMS_CALLBACK_TOKEN: 't', USSD_CALLBACK_TOKEN: 'tok' };
    // None set: the channel is off (the webhook answers 503), never the sandbox and its published secret.
    expect(loadConfig(ready).whatsapp).toMatchObject({ mode: 'off', appSecret: '', verifyToken: '' });
    expect(() => loadConfig({ ...ready, WHATSAPP_TOKEN: 'EAAG', WHATSAPP_PHONE_NUMBER_ID: '1098' })).toThrow(/WhatsApp needs all of .*; missing WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET$/);
    const all = { WHATSAPP_VERIFY_TOKEN: 'v', WHATSAPP_APP_SECRET: 's', WHATSAPP_TOKEN: 'EAAG', WHATSAPP_PHONE_NUMBER_ID: '1098' };
    expect(loadConfig({ ...ready, ...all }).whatsapp).toMatchObject({ mode: 'cloud', apiUrl: 'https://graph.facebook.com/v21.0', phoneNumberId: '1098' });
    // Outside production without keys: the labelled sandbox.
    expect(loadConfig({ DATA_DIR: dataDir }).whatsapp.mode).toBe('sandbox');
  });

  it('keeps the demo defaults outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ seed: 'demo', paystack: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' })).toMatchObject({ seed: 'demo' });
  });

  it('is one reusable check: a production-only requirement names its setting', () => {
    expect(() => requireInProduction({ NODE_ENV: 'production' }, 'USSD_CALLBACK_TOKEN', 'the USSD gateway must sign its callbacks')).toThrow(
      'NODE_ENV=production needs USSD_CALLBACK_TOKEN: the USSD gateway must sign its callbacks.',
    );
    expect(() => requireInProduction({ NODE_ENV: 'production', USSD_CALLBACK_TOKEN: 't' }, 'USSD_CALLBACK_TOKEN', 'x')).not.toThrow();
    expect(() => requireInProduction({}, 'USSD_CALLBACK_TOKEN', 'x')).not.toThrow();
  });
});

describe('the real `npm start` with NODE_ENV=production', () => {
  const unset = { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_PUBLIC_KEY: undefined, ALLOW_SANDBOX_PAYMENTS: undefined, SEED: undefined };

  it('exits non-zero naming ALLOW_SANDBOX_PAYMENTS when it would take payments in the sandbox', async () => {
    const run = await npmStartRefusal({ ...unset, NODE_ENV: 'production', SEED: 'none', DATA_DIR: dataDir });
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Akuafo Market cannot start: NODE_ENV=production needs ALLOW_SANDBOX_PAYMENTS');
  }, 300_000);

  it('exits non-zero naming SEED when it would seed the demo by default', async () => {
    const run = await npmStartRefusal({ ...unset, NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1', DATA_DIR: dataDir });
    expect(run.served).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('NODE_ENV=production needs SEED');
  }, 300_000);
});

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 connections unless set, and a bad value stops the start with its name', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '30' }).databasePoolSize).toBe(30);
    for (const bad of ['0', '-5', 'many']) expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE must be a positive number/);
  });
});
