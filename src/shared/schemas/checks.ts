import * as v from 'valibot';
import { GRADES } from '../quality-grades';
import { toSingleLine } from './single-line';

/**
 * The warehouse check of an order line at drop-off (issue 41 items 1 and 2, docs/quality.md).
 * The sentences are listed with their Twi in i18n/api-refusals.ts (check*).
 */
export const CHECK_MESSAGES = {
  result: 'result must be PASS or FAIL',
  reading: 'Readings are percentages from 0 to 100, with at most one decimal.',
  readingsNeeded: 'Grains and legumes are checked by measurement: send moisturePct and foreignMatterPct.',
  readingsNotTaken: 'Only grains and legumes are measured: leave moisturePct and foreignMatterPct out for these goods.',
  notesNeeded: 'Say what is wrong with the goods in notes when they fail the check.',
  notes: 'Notes can be at most 300 characters.',
  ownLine: 'You cannot check goods you sell or bought yourself: ask another member of staff.',
  notPaid: 'This order is not paid yet: check the goods once it is.',
  cancelled: 'This order was cancelled, so there is nothing to check.',
  collected: 'This order was already collected: a buyer refuses goods at the pickup counter, not with a check.',
  refunded: 'This line was already refunded, so its check cannot change.',
  travelling: 'These goods have left their drop-off warehouse: they are checked at drop-off, and refused at pickup if they arrive damaged.',
  notFailed: 'These goods did not fail a check, so there is nothing to hand back to the seller.',
  wrongReturnCode: 'That is not the code texted to the seller for these goods.',
  alreadyReturned: 'These goods were already handed back to the seller.',
  tooManyReturnCodes: 'Too many codes tried for these goods. Please try again in 15 minutes.',
  returnCode: 'code must be the 6 digits texted to the seller',
  photoRef: 'photo must be the id this phone gave the photo it sent',
  photoOne: 'Send one photo of the goods, as a file field named images.',
  photoNotYours: 'That photo was not sent from your account: take the photo again.',
} as const;

/** A photo's id as the phone names it before uploading (a UUID): the queued check or refusal points at it. */
export const photoRefSchema = v.pipe(v.string(CHECK_MESSAGES.photoRef), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, CHECK_MESSAGES.photoRef));

/** POST /warehouse/photos: the multipart form's text field, beside one image under `images`. */
export const checkPhotoFormSchema = v.object({ ref: photoRefSchema });

/** A stored check or refusal photo. */
export const checkPhotoSchema = v.object({ ref: v.string(), url: v.string(), width: v.number(), height: v.number() });
export type CheckPhoto = v.InferOutput<typeof checkPhotoSchema>;

export const CHECK_RESULTS = ['PASS', 'FAIL'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** A percent reading: 0 to 100, one decimal at most (what a moisture meter shows). */
const reading = v.optional(
  v.pipe(
    v.number(CHECK_MESSAGES.reading),
    v.minValue(0, CHECK_MESSAGES.reading),
    v.maxValue(100, CHECK_MESSAGES.reading),
    v.check((n) => Number.isFinite(n) && Math.abs(Math.round(n * 10) - n * 10) < 1e-9, CHECK_MESSAGES.reading),
  ),
);

/** POST /warehouse/orders/{orderId}/items/{itemId}/check */
export const lineCheckBodySchema = v.object({
  result: v.picklist(CHECK_RESULTS, CHECK_MESSAGES.result),
  moisturePct: reading,
  foreignMatterPct: reading,
  notes: v.optional(v.pipe(v.string(CHECK_MESSAGES.notes), toSingleLine(), v.maxLength(300, CHECK_MESSAGES.notes))),
  /** Optional: the ref of a photo this account uploaded (POST /warehouse/photos). */
  photo: v.optional(photoRefSchema),
});
export type LineCheckBody = v.InferOutput<typeof lineCheckBodySchema>;

/** A check as the staff's screen reads it back. */
export const lineCheckSchema = v.object({
  id: v.number(),
  orderId: v.number(),
  itemId: v.number(),
  /** What was decided: a measured lot above the worst grade's limits is FAIL whatever was sent. */
  result: v.picklist(CHECK_RESULTS),
  /** Computed from the readings for grains and legumes; null for other goods and for a failed lot. */
  grade: v.nullable(v.picklist(GRADES)),
  moisturePct: v.nullable(v.number()),
  foreignMatterPct: v.nullable(v.number()),
  notes: v.nullable(v.string()),
  warehouse: v.string(),
  at: v.string(),
  /** Whether this check refused the line (a FAIL): the buyer is refunded for it. */
  refunded: v.boolean(),
  /** A failed lot: when it was handed back to its seller (who showed the code texted to them); null until then. */
  returnedAt: v.nullable(v.string()),
  /** The photo taken at the check (640 px wide), if any. */
  photoUrl: v.optional(v.nullable(v.string())),
});
export type LineCheck = v.InferOutput<typeof lineCheckSchema>;

/** The check on a buyer's order line (null when unchecked). */
export const orderLineCheckSchema = v.nullable(
  v.object({
    result: v.picklist(CHECK_RESULTS),
    grade: v.nullable(v.picklist(GRADES)),
    moisturePct: v.nullable(v.number()),
    at: v.string(),
    warehouse: v.string(),
    /** The photo taken at the check, if any (optional for orders a phone kept from before). */
    photoUrl: v.optional(v.nullable(v.string())),
  }),
);
export type OrderLineCheck = v.InferOutput<typeof orderLineCheckSchema>;

/**
 * A buyer's line refused (issue 41 items 2 and 3; null when not): at the warehouse check (a FAIL:
 * always refunded) or at the pickup counter (held until the operator decides: REFUND or RELEASE).
 */
export const orderLineRefusalSchema = v.nullable(
  v.object({
    at: v.picklist(['CHECK', 'PICKUP']),
    /** The staff's notes on a failed check, the buyer's reason at pickup; null when a check's readings alone failed the lot. */
    reason: v.nullable(v.string()),
    /** A check failed by its readings: what they were (above every grade's limits). */
    readings: v.nullable(v.object({ moisturePct: v.number(), foreignMatterPct: v.number() })),
    /** REFUND (a failed check always), RELEASE (the seller was paid), null while the operator decides. */
    outcome: v.nullable(v.picklist(['REFUND', 'RELEASE'])),
    /** Cedis refunded for the line (with its VAT share); null unless refunded. */
    refunded: v.nullable(v.number()),
    /** The photo taken at the check or at the counter, if any. */
    photoUrl: v.optional(v.nullable(v.string())),
  }),
);
export type OrderLineRefusal = v.InferOutput<typeof orderLineRefusalSchema>;

/** A listing's quality record (issue 41 item 4): its lots checked at a warehouse, passed, and the newest check. */
export const productQualitySchema = v.object({
  checkedLots: v.number(),
  passedLots: v.number(),
  lastGrade: v.nullable(v.string()),
  lastMoisturePct: v.nullable(v.number()),
  /** The town of the warehouse that checked the newest lot. */
  lastCheckedAt: v.nullable(v.string()),
});
export type ProductQuality = v.InferOutput<typeof productQualitySchema>;

/** POST /warehouse/orders/:orderId/items/:itemId/returned: the code the seller shows to take back a failed lot. */
export const lotReturnBodySchema = v.object({ code: v.pipe(v.string('code is required'), v.regex(/^\d{6}$/, CHECK_MESSAGES.returnCode)) });
export type LotReturnBody = v.InferOutput<typeof lotReturnBodySchema>;

/**
 * GET /warehouse/returns: lots that failed the check at the staff's warehouse and wait for their
 * seller to take them back with the code texted to them (oldest first, at most 200).
 */
export const lotToReturnSchema = v.object({
  checkId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  itemId: v.number(),
  productName: v.string(),
  quantity: v.number(),
  seller: v.string(),
  /** Why it failed: the staff's notes (null when the readings alone failed it). */
  notes: v.nullable(v.string()),
  at: v.string(),
});
export type LotToReturn = v.InferOutput<typeof lotToReturnSchema>;
