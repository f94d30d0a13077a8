import { hash, verify } from '@node-rs/argon2';
import { HttpError } from '../errors';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum we cannot import with isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each argon2 run holds one of libuv's 4 threads, which also read /media files, resolve DNS
 * and encode images: a flood of sign-ins once filled them all and /media took seconds. So at
 * most HASHING_AT_ONCE run at a time, at most HASHING_QUEUE more wait, and anything beyond is
 * refused at once, before it costs a hash. Per process: the thread pool is per process.
 */
export const HASHING_AT_ONCE = 2;
export const HASHING_QUEUE = 8;
const BUSY_RETRY_SECONDS = 5;

/** The 503 a password check answers when the hashing queue is full. */
export class PasswordHashingBusy extends HttpError {
  constructor() {
    super(503, 'Many people are signing in right now. Please try again in a few seconds.', 'busy', undefined, { 'Retry-After': String(BUSY_RETRY_SECONDS) });
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHING_AT_ONCE) running++;
  else if (waiting.length >= HASHING_QUEUE) throw new PasswordHashingBusy();
  // The slot is handed over by the run that finishes, so `running` stays counted.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
