import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The key that signs shared sales records, and its public half as lenders get it (docs/records.md). */
export interface RecordSigningKey {
  privateKey: KeyObject;
  publicKeyPem: string;
}

const KEY_FILE = 'record-signing-key.pem';

/**
 * From RECORD_SIGNING_KEY (production: the config requires it), else the data directory's
 * file, made on first start. Kept out of the database on purpose: a stolen backup then cannot
 * sign records. `wx` makes the first of two starting instances the one whose key stays.
 */
export function loadRecordSigningKey(config: { recordSigningKey: string | undefined; dataDir: string }): RecordSigningKey {
  const privateKey = createPrivateKey(config.recordSigningKey ?? keyFileOf(config.dataDir));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('RECORD_SIGNING_KEY must be an Ed25519 private key (PEM).');
  return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString() };
}

function keyFileOf(dataDir: string): string {
  const file = join(dataDir, KEY_FILE);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another instance wrote it first: theirs is the key.
    }
    return readFileSync(file, 'utf8');
  }
}
