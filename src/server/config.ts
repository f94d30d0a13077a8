import { createPrivateKey } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TRUSTED_PROXIES, trustedProxySet } from './http/client-ip';
import type { S3Settings } from './platform/storage/s3';
import type { SmsConfig } from './platform/messages/channels/sms';
import { GRAPH_API_URL, type WhatsAppConfig } from './platform/messages/channels/whatsapp';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded and generated images; DATA_DIR/uploads unless UPLOADS_DIR says otherwise. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: the connections each server process keeps for requests (DATABASE_POOL_SIZE, 10). */
  databasePoolSize: number;
  /**
   * SQLite: the reader threads that run long reads off the event loop (SQLITE_READERS; 0 runs
   * them on the main connection). Each costs memory (docs/performance.md); see DEFAULT_SQLITE_READERS.
   */
  sqliteReaders: number;
  publicUrl: string;
  /** Unset: signing keys are generated into the database (platform/auth/signing-keys.ts). */
  jwtSecret: string | undefined;
  /**
   * RECORD_SIGNING_KEY: the Ed25519 private key (PEM) that signs shared sales records (docs/records.md);
   * required in production; unset elsewhere, one is generated and kept in the data directory.
   */
  recordSigningKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | undefined;
  admin: { email: string; password: string } | undefined;
  seed: 'demo' | 'none';
  /** The demo seed's 12 weeks of paid orders for the price index (SEED_HISTORY=none leaves them out; never with Paystack keys). */
  seedHistory: boolean;
  /** The token SMS gateways send with inbound messages (?token=); unset only outside production. */
  smsCallbackToken: string | undefined;
  logLevel: string;
  /** Byte cap of the precompressed public catalogue answers kept in memory (API_CACHE_MB). */
  apiCacheBytes: number;
  /** API requests at least this slow are logged one by one (LOG_SLOW_MS). */
  logSlowMs: number;
  /**
   * Every JSON answer checked against its route's declared answer schema (CHECK_ANSWERS=1; on
   * by default while vitest runs, so a drifting answer fails the test that made it).
   */
  checkAnswers: boolean;
  /** Seconds between access-log summary lines (LOG_SUMMARY_SECONDS). */
  logSummarySeconds: number;
  /** Where the built PWA lives; undefined serves the API only (tests). */
  staticDir: string | undefined;
  /** Uploads go to this bucket when set, to uploadsDir otherwise. */
  s3: S3Settings | undefined;
  /** Bearer token that opens /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** How long SIGTERM waits for the balancer to notice /readyz failing before it stops listening. */
  drainDelayMs: number;
  /** Proxies whose X-Forwarded-For entries are believed (TRUSTED_PROXIES: addresses or CIDR ranges). */
  trustedProxies: string[];
  /** Other origins allowed to call the API (CORS_ORIGINS, comma-separated); none by default. */
  corsOrigins: string[];
  /** SMS: the DATA_DIR/sms spool, or Arkesel when SMS_PROVIDER=arkesel (docs/messages.md). */
  sms: SmsConfig;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; generated once into the database when unset. */
  vapid: { publicKey?: string; privateKey?: string };
  /**
   * PUSH_ALLOW_HOSTS (comma-separated): push endpoint hosts exempt from the public-address
   * check. For the tests' push service on 127.0.0.1 only; empty by default (docs/security.md).
   */
  pushAllowHosts: string[];
  /** Money (docs/money.md): the smallest payout in pesewas (PAYOUT_MINIMUM in cedis, default 10). */
  payoutMinimumMinor: number;
  /** Days after "ready for pickup" an uncollected order is cancelled and refunded (UNCOLLECTED_AFTER_DAYS, 7). */
  uncollectedAfterDays: number;
  /** Days after payment a paid order whose goods are not all at the warehouse is cancelled and refunded (NOT_BROUGHT_AFTER_DAYS, 7). */
  notBroughtAfterDays: number;
  /** Hours after a transporter accepted a load it goes back on the board if still not collected (LATE_LOAD_AFTER_HOURS, 24; docs/transport.md). */
  lateLoadAfterHours: number;
  /**
   * USSD (docs/ussd.md): USSD_CALLBACK_TOKEN, the ?token= the gateways' callbacks must carry
   * (required in production), and USSD_SERVICE_CODE, the code callers dial (told in SMS and Help).
   */
  ussd: { callbackToken: string | undefined; serviceCode: string };
  /** WhatsApp (docs/whatsapp.md): Meta's Cloud API with WHATSAPP_* set; a labelled sandbox outside production without them. */
  whatsapp: WhatsAppConfig;
}

type Env = Record<string, string | undefined>;

/** A key that cannot sign records stops the start, not the first seller who shares one. */
function recordSigningKeyOf(pem: string | undefined): string | undefined {
  if (!pem) return undefined;
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch {
    type = undefined;
  }
  if (type !== 'ed25519') throw new Error('RECORD_SIGNING_KEY must be an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519).');
  return pem;
}

/** Reads the environment of DESIGN.md; anything left unset gets the documented default. */
export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  requireInProduction(env, 'SEED', "the default seed is the demo catalogue with the README's public passwords. Set SEED=none, or SEED=demo to seed the demo on purpose");
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, not ${seed}`);
  const paystackKey = env.PAYSTACK_SECRET_KEY;
  if (!paystackKey) {
    requireInProduction(
      env,
      'ALLOW_SANDBOX_PAYMENTS',
      'without PAYSTACK_SECRET_KEY the sandbox takes payments, and a buyer can approve their own. Set PAYSTACK_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=1 to run the sandbox on purpose',
      (value) => value === '1',
    );
  }
  requireInProduction(env, 'SMS_CALLBACK_TOKEN', 'without it anyone could post "inbound SMS" and make us send paid replies. Set the token the SMS gateway adds to its callback URL (?token=)');
  requireInProduction(env, 'USSD_CALLBACK_TOKEN', 'without it anyone who finds the USSD callback can place orders and list produce for any phone number. Set it to a long random value and add ?token=<it> to the callback URL at each gateway');
  requireInProduction(env, 'RECORD_SIGNING_KEY', 'shared sales records are signed with it, and a lender checks them against its public key. Set an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadsDir: resolve(env.UPLOADS_DIR ?? join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.round(positiveNumber(env, 'DATABASE_POOL_SIZE', 10)),
    sqliteReaders: wholeNumber(env, 'SQLITE_READERS', DEFAULT_SQLITE_READERS, 16),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET || undefined,
    recordSigningKey: recordSigningKeyOf(env.RECORD_SIGNING_KEY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Akuafo Market <no-reply@localhost>',
    paystack: paystackKey
      ? {
          secretKey: paystackKey,
          publicKey: env.PAYSTACK_PUBLIC_KEY ?? '',
          baseUrl: (env.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/$/, ''),
        }
      : undefined,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seed,
    // The history is paid trade made up through the sandbox: never where real money moves (Paystack keys set).
    seedHistory: env.SEED_HISTORY !== 'none' && !paystackKey,
    smsCallbackToken: env.SMS_CALLBACK_TOKEN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    apiCacheBytes: positiveNumber(env, 'API_CACHE_MB', 64) * 1024 * 1024,
    logSlowMs: positiveNumber(env, 'LOG_SLOW_MS', 200),
    checkAnswers: (env.CHECK_ANSWERS ?? (process.env.VITEST ? '1' : '0')) === '1',
    logSummarySeconds: positiveNumber(env, 'LOG_SUMMARY_SECONDS', 60),
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    s3: s3Settings(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    drainDelayMs: Number(env.DRAIN_DELAY_MS ?? 5000),
    trustedProxies: trustedProxies(env),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    sms: smsConfig(env),
    vapid: { publicKey: env.VAPID_PUBLIC_KEY || undefined, privateKey: env.VAPID_PRIVATE_KEY || undefined },
    pushAllowHosts: (env.PUSH_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    payoutMinimumMinor: Math.round(positiveNumber(env, 'PAYOUT_MINIMUM', 10) * 100),
    uncollectedAfterDays: positiveNumber(env, 'UNCOLLECTED_AFTER_DAYS', 7),
    notBroughtAfterDays: positiveNumber(env, 'NOT_BROUGHT_AFTER_DAYS', 7),
    lateLoadAfterHours: positiveNumber(env, 'LATE_LOAD_AFTER_HOURS', 24),
    ussd: { callbackToken: env.USSD_CALLBACK_TOKEN || undefined, serviceCode: env.USSD_SERVICE_CODE || '*920*44#' },
    whatsapp: whatsappConfig(env),
  };
}

export const WHATSAPP_SECRETS = ['WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] as const;
/** The sandbox's webhook token and signing secret: published (docs/whatsapp.md), so never in production. */
export const WHATSAPP_SANDBOX = { verifyToken: 'akuafo-sandbox', appSecret: 'akuafo-sandbox-secret' } as const;

/**
 * All four WhatsApp secrets, or none: with none, a labelled sandbox outside production (spooled
 * messages, the sandbox's published token and secret) and the channel off in production; half a
 * set stops the start, naming what is missing (issue 42: production never runs the channel
 * without its secrets).
 */
function whatsappConfig(env: Env): WhatsAppConfig {
  const missing = WHATSAPP_SECRETS.filter((name) => !env[name]);
  const apiUrl = (env.WHATSAPP_API_URL || GRAPH_API_URL).replace(/\/$/, '');
  if (missing.length === 0) {
    return { mode: 'cloud', verifyToken: env.WHATSAPP_VERIFY_TOKEN!, appSecret: env.WHATSAPP_APP_SECRET!, token: env.WHATSAPP_TOKEN!, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!, apiUrl };
  }
  if (missing.length < WHATSAPP_SECRETS.length) throw new Error(`WhatsApp needs all of ${WHATSAPP_SECRETS.join(', ')}; missing ${missing.join(', ')}`);
  const mode = env.NODE_ENV === 'production' ? 'off' : 'sandbox';
  return { mode, ...(mode === 'sandbox' ? WHATSAPP_SANDBOX : { verifyToken: '', appSecret: '' }), token: '', phoneNumberId: '', apiUrl };
}

/** Checked at start, so a typo stops the server instead of silently trusting nobody. */
function trustedProxies(env: Env): string[] {
  const list = env.TRUSTED_PROXIES ? env.TRUSTED_PROXIES.split(',').map((p) => p.trim()).filter(Boolean) : DEFAULT_TRUSTED_PROXIES;
  trustedProxySet(list);
  return list;
}

/**
 * A default that is only safe for a demo must be asked for by name in production: when the
 * operator's environment says NODE_ENV=production and `name` is not set (to a value `accepts`
 * takes), start-up stops with a message naming the setting and why. (`npm start` defaults
 * NODE_ENV for React only after the configuration is read, so that default never counts.)
 */
export function requireInProduction(env: Env, name: string, why: string, accepts: (value: string) => boolean = (value) => value !== ''): void {
  if (env.NODE_ENV !== 'production') return;
  const value = env[name];
  if (value !== undefined && accepts(value)) return;
  throw new Error(`NODE_ENV=production needs ${name}: ${why}.`);
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;

/** All five S3_* variables, or none: half a configuration is a mistake worth stopping for. */
function s3Settings(env: Env): S3Settings | undefined {
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length === S3_VARIABLES.length) return undefined;
  if (missing.length > 0) throw new Error(`Object storage needs all of ${S3_VARIABLES.join(', ')}; missing ${missing.join(', ')}`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION!,
  };
}

function smsConfig(env: Env): SmsConfig {
  const provider = env.SMS_PROVIDER || 'spool';
  if (provider !== 'spool' && provider !== 'arkesel') throw new Error(`SMS_PROVIDER must be arkesel or unset, not ${provider}`);
  const apiKey = env.ARKESEL_API_KEY ?? '';
  if (provider === 'arkesel' && !apiKey) throw new Error('SMS_PROVIDER=arkesel needs ARKESEL_API_KEY');
  const senderId = env.SMS_SENDER_ID ?? 'AkuafoMkt';
  if (senderId.length > 11) throw new Error('SMS_SENDER_ID is at most 11 characters');
  return { provider, apiKey, senderId, baseUrl: (env.ARKESEL_BASE_URL ?? 'https://sms.arkesel.com').replace(/\/$/, '') };
}

/**
 * Reader threads by default: two, so two searches overlap and the event loop keeps a CPU of its
 * own (the national catalogue's figures were met with two). Each costs memory: on the demo after
 * 2,000 mixed requests, as `npm start` runs the server (glibc's arenas capped at two, V8's young
 * generation at 2 x 8 MB), it held 137 MB with none, 143-148 MB with one and 148-152 MB with two,
 * within the 160 MB a 1 GB machine leaves it (docs/performance.md, "Memory after 2,000 requests").
 */
export const DEFAULT_SQLITE_READERS = 2;

function wholeNumber(env: Env, name: string, fallback: number, max: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}, not ${env[name]}`);
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${env[name]}`);
  return value;
}
