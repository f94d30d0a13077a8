import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded and generated images; DATA_DIR/uploads unless UPLOADS_DIR says otherwise. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | undefined;
  admin: { email: string; password: string } | undefined;
  seed: 'demo' | 'none';
  logLevel: string;
  /** Where the built PWA lives; undefined serves the API only (tests). */
  staticDir: string | undefined;
}

type Env = Record<string, string | undefined>;

/** Reads the environment of DESIGN.md; anything left unset gets the documented default. */
export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, not ${seed}`);
  const paystackKey = env.PAYSTACK_SECRET_KEY;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadsDir: resolve(env.UPLOADS_DIR ?? join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir),
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
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
  };
}

/** A signing key generated once and kept in DATA_DIR, so restarts keep sessions valid. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
