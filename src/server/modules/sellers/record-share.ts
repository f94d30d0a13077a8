import { randomBytes, sign } from 'node:crypto';
import { RECORD_MESSAGES, type PublicRecord, type SalesRecord, type SharedRecord } from '../../../shared/schemas/sales-record';
import { now, type Db } from '../../platform/db';
import { HttpError, notFound } from '../../platform/errors';
import type { RecordSigningKey } from './record-key';
import { salesRecordOf } from './record';

/**
 * JSON with every object's keys sorted, no spaces, UTF-8 as is (docs/records.md): the one
 * spelling of a document, so a lender's bytes are the bytes we signed.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What the canonical document holds. `issuer` and `version` let a lender know what they read. */
interface RecordDocument {
  /** 2: the figures carry onTimeShare (documents of version 1, made before, keep verifying as they are). */
  version: 1 | 2;
  issuer: 'Akuafo Market';
  code: string;
  url: string;
  issuedAt: string;
  seller: { name: string; region: string };
  record: SalesRecord;
}

export const recordUrl = (publicUrl: string, code: string) => `${publicUrl}/records/${code}`;

/** 16 random bytes (128 bits): a code is found only by being given it. */
const newCode = () => randomBytes(16).toString('base64url');

/** Signs today's record of the seller and keeps it under a new code. */
export async function shareRecord(db: Db, key: RecordSigningKey, publicUrl: string, sellerId: number): Promise<SharedRecord> {
  const seller = await db.selectFrom('seller_profiles').select(['business_name', 'business_region']).where('user_id', '=', sellerId).executeTakeFirst();
  if (!seller) throw notFound(RECORD_MESSAGES.notFound);
  const code = newCode();
  const issuedAt = now();
  const doc: RecordDocument = {
    version: 2,
    issuer: 'Akuafo Market',
    code,
    url: recordUrl(publicUrl, code),
    issuedAt,
    seller: { name: seller.business_name, region: seller.business_region },
    record: await salesRecordOf(db, sellerId),
  };
  const document = canonicalJson(doc);
  const signature = sign(null, Buffer.from(document, 'utf8'), key.privateKey).toString('base64');
  await db.insertInto('sales_records').values({ code, seller_id: sellerId, document, signature, public_key: key.publicKeyPem, issued_at: issuedAt, revoked_at: null }).execute();
  return { code, url: doc.url, issuedAt, revokedAt: null };
}

/** The seller's shared records, newest first (revoked ones too, marked). */
export async function listSharedRecords(db: Db, publicUrl: string, sellerId: number): Promise<SharedRecord[]> {
  const rows = await db.selectFrom('sales_records').select(['code', 'issued_at', 'revoked_at']).where('seller_id', '=', sellerId).orderBy('issued_at', 'desc').orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, url: recordUrl(publicUrl, r.code), issuedAt: r.issued_at, revokedAt: r.revoked_at }));
}

/** The seller withdraws a record; another seller's code (or none) is not found. Withdrawing twice is fine. */
export async function revokeRecord(db: Db, sellerId: number, code: string): Promise<void> {
  const row = await db.selectFrom('sales_records').select(['seller_id', 'revoked_at']).where('code', '=', code).executeTakeFirst();
  if (!row || row.seller_id !== sellerId) throw notFound(RECORD_MESSAGES.notFound);
  if (row.revoked_at) return;
  await db.updateTable('sales_records').set({ revoked_at: now() }).where('code', '=', code).where('revoked_at', 'is', null).execute();
}

/** A record as the public reads it: 404 for a code we never gave, 410 for a withdrawn one. */
export async function readPublicRecord(db: Db, code: string): Promise<PublicRecord> {
  const row = await db.selectFrom('sales_records').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw notFound(RECORD_MESSAGES.notFound);
  if (row.revoked_at) throw new HttpError(410, RECORD_MESSAGES.revoked);
  const doc = JSON.parse(row.document) as RecordDocument;
  return {
    code: row.code,
    seller: doc.seller,
    record: doc.record,
    issuedAt: row.issued_at,
    document: row.document,
    signature: row.signature,
    signatureAlgorithm: 'Ed25519',
    publicKey: row.public_key,
  };
}
