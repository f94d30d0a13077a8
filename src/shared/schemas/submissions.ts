import * as v from 'valibot';
import { productQualitySchema } from './checks';
import { TRANSPORT_MESSAGES } from './transport';
import { CATALOGUE_COUNT_BOUND, CATEGORIES, CONDITIONS, GHANA_REGIONS, MAX_PAGE_SIZE, type Category, type Condition, type GhanaRegion } from '../catalogue';
import { productImageSchema } from './catalogue';
import { pageParam, pageSizeParam } from './parse';
import { required } from './sellers';
import { toSingleLine } from './single-line';

/**
 * Seller product submissions: what a seller lists for approval, and the operator's review.
 * Multipart form fields arrive as text and JSON edits as numbers; both parse here.
 */

export const SUBMISSION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  PENDING: 'Pending Review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const MAX_PRODUCT_IMAGES = 5;
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;
export const SELLER_PRODUCTS_PAGE_SIZE = 20;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
/** The inspiration panel's advice: titles under this many characters read best. */
export const GOOD_TITLE_LENGTH = 60;

export const SUBMISSION_MESSAGES = {
  created: 'Product added successfully',
  createFailed: 'Failed to add product. Please try again.',
  submitException: 'Failed to submit form. Please try again.',
  savedOffline: 'Saved — will be sent when you are back online',
  updated: 'Product updated successfully',
  updateFailed: 'Failed to update product.',
  deleteFailed: 'Failed to delete product.',
  listFailed: 'Failed to load products. Please try again.',
  notFound: 'Product not found',
  imagesRequired: 'At least one image is required',
  tooManyImages: 'You can upload maximum 5 images',
  notMultipart: 'Send the product as multipart/form-data with its images.',
  currencyGhs: 'Prices are in Ghana cedis (GHS)',
  conditionUnknown: 'Choose the condition: organic, premium or standard',
  regionUnknown: 'Choose one of Ghana\'s 16 regions',
  commodityUnknown: 'Choose a commodity from the list, or none',
  changesPending: 'Changes waiting for review',
  changedSinceReview: 'The seller changed this listing since you opened it. Look at it again before deciding.',
  changesSaved: 'Saved. Your changes are waiting for review; buyers see the approved listing until then.',
} as const;

export const imageTooLarge = (filename: string) => `File ${filename} exceeds 5MB limit`;
export const imageNotImage = (filename: string) => `File ${filename} is not an image`;

/** The browser's quick check before upload; the server checks again, by content. */
export function checkImageFiles(files: { name: string; size: number; type: string }[], alreadyChosen: number): string | undefined {
  if (alreadyChosen + files.length > MAX_PRODUCT_IMAGES) return SUBMISSION_MESSAGES.tooManyImages;
  for (const file of files) {
    if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return imageNotImage(file.name);
    if (file.size > MAX_PRODUCT_IMAGE_BYTES) return imageTooLarge(file.name);
  }
  return undefined;
}

const text = (message: string, max: number, tooLong: string) =>
  required(v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, tooLong)));
/** A one-line field (the product's name): see single-line.ts. */
const line = (message: string, max: number, tooLong: string) =>
  required(v.pipe(v.string(message), toSingleLine(), v.minLength(1, message), v.maxLength(max, tooLong)));

/** A number typed into a form (text) or sent as JSON (number). */
const numberField = (message: string, notNumber: string) =>
  v.pipe(
    v.union([v.string(), v.number()], message),
    v.transform((x) => (typeof x === 'number' ? String(x) : x.trim())),
    v.minLength(1, message),
    v.regex(/^-?(\d+\.?\d*|\.\d+)$/, notNumber),
    v.transform(Number),
  );

const fields = {
  name: line('Product name is required', PRODUCT_NAME_MAX, 'Product name is too long'),
  description: text('Description is required', PRODUCT_DESCRIPTION_MAX, 'Description is too long'),
  category: required(v.pipe(
    v.string('Category is required'),
    v.trim(),
    v.minLength(1, 'Category is required'),
    v.check((s) => (CATEGORIES as readonly string[]).includes(s), 'Unknown category'),
    v.transform((s) => s as Category),
  )),
  price: required(v.pipe(
    numberField('Price is required', 'Price must be a number'),
    v.check((n) => n > 0, 'Price must be positive'),
    v.maxValue(PRODUCT_PRICE_MAX, 'Price is too high'),
    v.transform((n) => Math.round(n * 100) / 100),
  )),
  stockQuantity: required(v.pipe(
    numberField('Quantity is required', 'Quantity must be a number'),
    v.integer('Quantity must be a whole number'),
    v.minValue(0, 'Quantity cannot be negative'),
    v.maxValue(PRODUCT_STOCK_MAX, 'Quantity is too high'),
  )),
  // Optional for API clients that predate them: the server then uses `standard` and the seller's region.
  condition: v.optional(v.pipe(
    v.string(SUBMISSION_MESSAGES.conditionUnknown),
    v.trim(),
    v.toLowerCase(),
    v.check((s) => (CONDITIONS as readonly string[]).includes(s), SUBMISSION_MESSAGES.conditionUnknown),
    v.transform((s) => s as Condition),
  )),
  region: v.optional(v.pipe(
    v.string(SUBMISSION_MESSAGES.regionUnknown),
    v.trim(),
    v.check((s) => (GHANA_REGIONS as readonly string[]).includes(s), SUBMISSION_MESSAGES.regionUnknown),
    v.transform((s) => s as GhanaRegion),
  )),
  // The market price commodity the listing is (issue 28): optional; null or '' unlinks it.
  commodityId: v.optional(v.nullable(v.pipe(
    v.string(SUBMISSION_MESSAGES.commodityUnknown),
    v.trim(),
    v.check((s) => s === '' || /^[a-z0-9-]{1,40}$/.test(s), SUBMISSION_MESSAGES.commodityUnknown),
    v.transform((s) => s || null),
  ))),
  // Issue 40 (docs/transport.md): kg per unit, for transport fees; left out or empty, the default from name and category.
  unitWeightKg: v.optional(v.nullable(v.pipe(
    v.union([v.string(), v.number()], TRANSPORT_MESSAGES.weightRange),
    v.transform((x) => (typeof x === 'number' ? String(x) : x.trim())),
    v.check((s) => s === '' || /^(\d+\.?\d*|\.\d+)$/.test(s), TRANSPORT_MESSAGES.weightRange),
    v.transform((s) => (s === '' ? null : Number(s))),
    v.check((n) => n === null || (n >= 0.001 && n <= 1000), TRANSPORT_MESSAGES.weightRange),
  ))),
  // The old form offered GH cedis (GHC) and Naira: prices are in cedis only. GHC is read as GHS.
  currency: v.optional(
    v.pipe(
      v.string(SUBMISSION_MESSAGES.currencyGhs),
      v.trim(),
      v.toUpperCase(),
      v.check((s) => s === 'GHS' || s === 'GHC', SUBMISSION_MESSAGES.currencyGhs),
      v.transform(() => 'GHS' as const),
    ),
    'GHS',
  ),
};

/** POST /product-submissions (the multipart fields besides images). */
export const submissionCreateSchema = v.object(fields);
export type SubmissionFields = v.InferOutput<typeof submissionCreateSchema>;

/** PATCH /product-submissions/my-submissions/{id}: any of the fields, each still checked. */
export const submissionUpdateSchema = v.partial(v.object(fields));
export type SubmissionUpdateInput = v.InferInput<typeof submissionUpdateSchema>;

/** GET /product-submissions/seller/me */
export const submissionListQuerySchema = v.object({
  status: v.optional(v.picklist(SUBMISSION_STATUSES, 'status must be PENDING, APPROVED or REJECTED')),
  category: v.optional(v.picklist(CATEGORIES, 'Unknown category')),
  sortBy: v.optional(v.picklist(['createdAt', 'price'], 'sortBy must be createdAt or price'), 'createdAt'),
  sortDir: v.optional(v.picklist(['asc', 'desc'], 'sortDir must be asc or desc'), 'desc'),
  page: pageParam(),
  limit: pageSizeParam('limit', MAX_PAGE_SIZE, SELLER_PRODUCTS_PAGE_SIZE),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search is too long'))),
});
export type SubmissionListQueryInput = v.InferInput<typeof submissionListQuerySchema>;
export type SubmissionListQuery = v.InferOutput<typeof submissionListQuerySchema>;

/** GET /admin/submissions */
export const adminSubmissionQuerySchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(SUBMISSION_STATUSES, 'status must be PENDING, APPROVED or REJECTED'), 'PENDING'),
    page: pageParam(),
    limit: pageSizeParam('limit', MAX_PAGE_SIZE, SELLER_PRODUCTS_PAGE_SIZE),
  }),
  // Counted up to the bound like the catalogue, and paged no further (an offset walks its rows).
  v.check((q) => (q.page - 1) * q.limit < CATALOGUE_COUNT_BOUND, `Only the first ${CATALOGUE_COUNT_BOUND.toLocaleString('en')} listings of a tab can be paged through`),
);

/** POST /admin/submissions/{id}/approve: optional; the listing's updatedAt the operator looked at. */
export const approveSubmissionSchema = v.object({
  updatedAt: v.optional(v.string('updatedAt must be the listing\'s updatedAt')),
});

export const rejectSubmissionSchema = v.object({
  note: text('Please give the seller a reason', 500, 'The note is too long'),
});

// ---- Answers ----

/** A seller's product as Product Management lists and edits it. */
export const sellerSubmissionSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  category: v.picklist(CATEGORIES),
  condition: v.picklist(CONDITIONS),
  region: v.picklist(GHANA_REGIONS),
  /** The market price commodity, if the seller chose one. */
  commodityId: v.optional(v.nullable(v.string())),
  /** kg per unit: the seller's figure, else the default (docs/transport.md); `unitWeightGiven` says which. */
  unitWeightKg: v.optional(v.number()),
  unitWeightGiven: v.optional(v.boolean()),
  price: v.number(),
  currency: v.literal('GHS'),
  stockQuantity: v.number(),
  status: v.picklist(SUBMISSION_STATUSES),
  /**
   * An approved listing whose edit (text, category, condition, region, pictures or a price
   * moved by more than half) waits for review: the fields above are the seller's new
   * version; buyers see the approved one until the operator decides.
   */
  changesPending: v.boolean(),
  /** The operator's reason when rejected. */
  reviewNote: v.nullable(v.string()),
  /** The live catalogue product once approved. */
  productId: v.nullable(v.number()),
  /** The live listing's record at the warehouse check (issue 41 item 4); null before it is live. Optional for lists a phone kept from before. */
  quality: v.optional(v.nullable(productQualitySchema)),
  imagesUrls: v.array(v.string()),
  /** The catalogue's picture shape (one serializer makes both). */
  images: v.array(productImageSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type SellerSubmission = v.InferOutput<typeof sellerSubmissionSchema>;

/** What buyers see now of a listing whose changes wait for review (the "old" beside the new). */
export const liveListingSchema = v.pick(sellerSubmissionSchema, ['name', 'description', 'category', 'condition', 'region', 'price', 'imagesUrls']);
export type LiveListing = v.InferOutput<typeof liveListingSchema>;

/** What the operator's review queue shows about each submission. */
export const adminSubmissionSchema = v.object({
  ...sellerSubmissionSchema.entries,
  seller: v.object({ id: v.number(), businessName: v.string(), email: v.string(), verificationStatus: v.string() }),
  /** Present when changesPending: the approved content buyers see now. */
  live: v.nullable(liveListingSchema),
});
export type AdminSubmission = v.InferOutput<typeof adminSubmissionSchema>;

/** DELETE /product-submissions/my-submissions/{id}. */
export const submissionDeletedSchema = v.object({ deleted: v.literal(true) });
