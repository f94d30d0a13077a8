import * as v from 'valibot';

/**
 * A seller's sales record (issue 41 item 5): the last 24 months of collected sales, by month
 * and by commodity, in cedis. `passedShare` is the share of lots that passed the warehouse
 * check; null means "not checked" (no check has been recorded for any lot in that row).
 * `onTimeShare` is the share of lots the seller dropped off on time.
 */
const figures = {
  quantity: v.number(),
  value: v.number(),
  buyers: v.number(),
  passedShare: v.nullable(v.number()),
  /**
   * The share of lots dropped off on time: counted in at the seller's drop-off warehouse within
   * ON_TIME_DROP_OFF_DAYS of the payment (docs/records.md). Null: no lot with both times known.
   * Absent from documents of version 1 (made before it was counted).
   */
  onTimeShare: v.optional(v.nullable(v.number())),
};

/** A lot is dropped off on time when it is at the seller's drop-off warehouse within this many days of the payment. */
export const ON_TIME_DROP_OFF_DAYS = 2;

export const recordMonthSchema = v.object({ month: v.string(), ...figures });
export const recordCommoditySchema = v.object({ commodity: v.string(), ...figures });
export const salesRecordSchema = v.object({
  from: v.string(),
  to: v.string(),
  currency: v.literal('GHS'),
  months: v.array(recordMonthSchema),
  commodities: v.array(recordCommoditySchema),
  totals: v.object({ orders: v.number(), ...figures }),
});
export type SalesRecord = v.InferOutput<typeof salesRecordSchema>;

export const sharedRecordSchema = v.object({ code: v.string(), url: v.string(), issuedAt: v.string(), revokedAt: v.nullable(v.string()) });
export type SharedRecord = v.InferOutput<typeof sharedRecordSchema>;

/** What a lender reads at /records/{code}: the signed document, its signature and the key to check it with. */
export const publicRecordSchema = v.object({
  code: v.string(),
  seller: v.object({ name: v.string(), region: v.string() }),
  record: salesRecordSchema,
  issuedAt: v.string(),
  document: v.string(),
  signature: v.string(),
  signatureAlgorithm: v.literal('Ed25519'),
  publicKey: v.string(),
});
export type PublicRecord = v.InferOutput<typeof publicRecordSchema>;

/** A record code: 22 base64url characters (16 random bytes, 128 bits). */
export const RECORD_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const RECORD_MESSAGES = {
  notFound: 'Sales record not found',
  revoked: 'This sales record was withdrawn by the seller and no longer proves anything.',
  revokedDone: 'The sales record was withdrawn.',
} as const;

export const recordCodeParam = v.pipe(v.string(RECORD_MESSAGES.notFound), v.regex(RECORD_CODE_PATTERN, RECORD_MESSAGES.notFound));
