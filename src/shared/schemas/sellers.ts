import * as v from 'valibot';
import { GHANA_REGIONS } from '../catalogue';
import { GHANA_CARD_MAX_LENGTH, isGhanaCard, normalizeGhanaCard } from '../ghana-card';
import { MOBILE_MONEY_NETWORKS, parseGhanaMobile, type MobileMoneyNetwork } from '../phone';
import { PAYOUT_TYPES, payoutNetworkProblem } from '../payout';
import { pageParam } from './parse';
import { toSingleLine } from './single-line';
import { emailSchema, isStrongPassword, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './accounts';
import { warehouseIdField } from './checkout';
import { orderConsignmentSchema, TRANSPORT_MESSAGES } from './transport';

/**
 * Sellers: registration (three steps), e-mail verification, the business profile and its
 * analytics. The server parses with these schemas and the forms validate with the same ones.
 */

export const BUSINESS_TYPES = {
  FARM: 'Farm',
  PROCESSING: 'Processing Company',
  DISTRIBUTION: 'Distribution Company',
  RETAIL: 'Retail Business',
} as const;
export type BusinessType = keyof typeof BUSINESS_TYPES;
const BUSINESS_TYPE_VALUES = Object.keys(BUSINESS_TYPES) as BusinessType[];

export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const BUSINESS_NAME_MAX = 100;
export const BUSINESS_DESCRIPTION_MAX = 500;
export const BUSINESS_ADDRESS_MAX = 200;
/** How long a seller's e-mail verification link works. */
export const VERIFICATION_LINK_HOURS = 24;
/** The wait between two "resend the link" requests for one address. */
export const VERIFICATION_RESEND_SECONDS = 30;
export const PROFILE_COMPLETE_AT = 80;
export const PROFILE_ALMOST_AT = 50;
export const RECENT_PRODUCTS_SHOWN = 3;
export const SELLER_ORDERS_PAGE_SIZE = 10;

export const SELLER_MESSAGES = {
  payoutNeedsMobile: 'Enter the mobile money number (10 digits, e.g. 024 123 4567).',
  payoutNeedsNetwork: 'Choose MTN, Telecel or AT.',
  payoutNeedsBank: 'Choose your bank.',
  registered: 'Seller registration successful. Please verify your email to activate your account.',
  signUpToast: 'Sign Up successful',
  verified: 'Your email address is verified. You can now sign in.',
  verifyFailedTitle: "We couldn't verify your email address",
  verifyFailed: 'The verification link may be expired or invalid.',
  resendAnswer: 'If a seller account with this email is waiting for verification, we have sent it a new link.',
  resendTooSoon: 'Please wait a few seconds before asking for another link.',
  profileUpdated: 'Profile updated successfully',
  profileLoadTitle: 'Error Loading Seller Profile',
  profileLoadError: "We couldn't load your Seller Profile. Please try again later.",
  notASeller: 'This page is for sellers.',
  profileMissing: 'Seller profile not found',
  cardLocked: 'Your Ghana Card is verified and cannot be changed here. Please contact support.',
  cardMissing: 'This seller has not given a Ghana Card number, so they cannot be verified yet. Ask them to add it on their Verification page.',
} as const;

const PASSWORD_RULE = 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';

/**
 * A field the form must fill. Valibot reports a missing key with one generic message, so a
 * missing key is read as '' and gets the field's own "is required" message like an empty one.
 */
export const required = <S extends v.GenericSchema<string, unknown> | v.GenericSchema<string | number, unknown>>(schema: S) => v.optional(schema, '' as v.InferInput<S>);

const requiredText = (message: string) => required(v.pipe(v.string(message), v.trim(), v.minLength(1, message)));

/** Optional free text: '' and null mean "none" (null), an absent key means "leave as is". */
const optionalText = (max: number, tooLong: string) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong), v.transform((s) => s || null))));

/** A one-line field (a name, a business name): see single-line.ts. */
const requiredLine = (message: string) => required(v.pipe(v.string(message), toSingleLine(), v.minLength(1, message)));
const optionalLine = (max: number, tooLong: string) =>
  v.optional(v.nullable(v.pipe(v.string(), toSingleLine(), v.maxLength(max, tooLong), v.transform((s) => s || null))));

const ghanaCardField = v.optional(
  v.nullable(
    v.pipe(
      v.string('Invalid Ghana Card'),
      v.trim(),
      v.maxLength(GHANA_CARD_MAX_LENGTH, 'Ghana Card Number too long'),
      v.check((s) => s === '' || isGhanaCard(s), 'Invalid Ghana Card'),
      v.transform((s) => (s ? normalizeGhanaCard(s) : null)),
    ),
  ),
);

/**
 * The form shows "+233" before the field, so 9 digits (201234567) are a whole number; the
 * usual 0XXXXXXXXX and +233XXXXXXXXX forms are accepted too. Stored as +233XXXXXXXXX.
 */
export function normalizeSellerPhone(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '');
  return parseGhanaMobile(/^\d{9}$/.test(compact) ? `+233${compact}` : compact)?.international;
}

const phoneField = v.optional(
  v.nullable(
    v.pipe(
      v.string('Invalid phone number format'),
      v.trim(),
      v.check((s) => s === '' || normalizeSellerPhone(s) !== undefined, 'Invalid phone number format'),
      v.transform((s) => (s ? normalizeSellerPhone(s)! : null)),
    ),
  ),
);

const nameField = (label: 'First name' | 'Last name') =>
  v.pipe(requiredLine(`${label} is required`), v.maxLength(NAME_MAX, `${label} cannot exceed ${NAME_MAX} characters`));

/** Who registers (sellers and transporters alike, issue 40): names, e-mail, password. */
export const personalEntries = {
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailSchema('Invalid email address'),
  password: required(v.pipe(
    v.string('Password is required'),
    v.minLength(1, 'Password is required'),
    v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`),
    v.check(isStrongPassword, PASSWORD_RULE),
  )),
};

const businessEntries = {
  ghanaCardNumber: ghanaCardField,
  businessType: required(v.picklist(BUSINESS_TYPE_VALUES, 'Business type is required')),
  businessName: v.pipe(requiredLine('Business name is required'), v.maxLength(BUSINESS_NAME_MAX, 'Business Name too long')),
  businessDescription: optionalText(BUSINESS_DESCRIPTION_MAX, 'Description too long'),
};

/** Where they work and how to reach them (sellers and transporters alike). */
export const contactEntries = {
  businessRegion: required(v.picklist(GHANA_REGIONS, 'Region is required')),
  phoneNumber: phoneField,
  businessAddress: optionalText(BUSINESS_ADDRESS_MAX, 'Address too long'),
  // Shown by the old form and never sent; accepted and ignored so old clients still work.
  invitationToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200, 'Invitation token too long')))),
};

/** The three steps of /sellers/register, checked one at a time by Next. */
export const sellerRegisterStepSchemas = [
  v.pipe(
    v.object({
      ...personalEntries,
      confirmPassword: requiredText('Please confirm your password'),
    }),
    v.forward(
      v.partialCheck([['password'], ['confirmPassword']], (s) => s.password === s.confirmPassword, 'Passwords do not match'),
      ['confirmPassword'],
    ),
  ),
  v.object(businessEntries),
  v.object(contactEntries),
] as const;

/** POST /sellers/register: the payload of spec section 3 (no confirm-password). */
export const sellerRegistrationSchema = v.object({ ...personalEntries, ...businessEntries, ...contactEntries });
export type SellerRegistrationInput = v.InferInput<typeof sellerRegistrationSchema>;
export type SellerRegistration = v.InferOutput<typeof sellerRegistrationSchema>;

export const verifyEmailSchema = v.object({
  token: required(v.pipe(v.string(SELLER_MESSAGES.verifyFailed), v.trim(), v.minLength(1, SELLER_MESSAGES.verifyFailed), v.maxLength(200, SELLER_MESSAGES.verifyFailed))),
});

export const resendVerificationSchema = v.object({ email: emailSchema('Invalid email address') });

/** Where payouts go: a bank or mobile-money account in the seller's (business) name. */
const accountNumberField = v.optional(
  v.nullable(
    v.pipe(
      v.string('Invalid account number'),
      v.transform((s) => s.replace(/[\s-]/g, '')),
      v.check((s) => s === '' || /^\d{6,20}$/.test(s), 'Invalid account number'),
      v.transform((s) => s || null),
    ),
  ),
);

/**
 * PUT /sellers/me: the spec's four editable fields, the Ghana Card from the verification
 * page, and the payout account (the old app linked to a settings page that did not exist).
 */
export const sellerProfileUpdateSchema = v.pipe(
  v.object({
    businessName: v.optional(businessEntries.businessName),
    businessDescription: businessEntries.businessDescription,
    phoneNumber: phoneField,
    businessAddress: contactEntries.businessAddress,
    ghanaCardNumber: ghanaCardField,
    bankAccountName: optionalLine(100, 'Account name too long'),
    bankAccountNumber: accountNumberField,
    /** MOBILE_MONEY or BANK; left out, a Ghana mobile number is read as mobile money on its network. */
    payoutType: v.optional(v.nullable(v.picklist(PAYOUT_TYPES, 'Choose mobile money or bank'))),
    payoutNetwork: v.optional(v.nullable(v.picklist(MOBILE_MONEY_NETWORKS, 'Choose MTN, Telecel or AT'))),
    payoutBankCode: v.optional(v.nullable(v.pipe(v.string('Invalid bank'), v.trim(), v.regex(/^[0-9A-Za-z]{2,12}$/, 'Choose your bank')))),
    /** The seller says the payout number was moved (ported) to payoutNetwork, which its prefix cannot show. */
    payoutNumberMoved: v.optional(v.boolean('payoutNumberMoved must be true or false')),
    /** The warehouse the seller brings goods to (issue 40, docs/transport.md). */
    dropoffWarehouseId: v.optional(warehouseIdField(TRANSPORT_MESSAGES.dropoffNotFound)),
    /** A new phone number needs the password again (see the account's contact change). */
    currentPassword: v.optional(v.pipe(v.string('Current password is required'), v.maxLength(PASSWORD_MAX, 'Current password is incorrect'))),
  }),
  // The numbering plan: the form refuses a wallet on another network than its number's before
  // it queues the change (the server checks again with the stored account).
  v.forward(
    v.partialCheck(
      [['payoutType'], ['payoutNetwork'], ['bankAccountNumber'], ['payoutNumberMoved']],
      (p) => p.payoutType === 'BANK' || !p.payoutNetwork || !p.bankAccountNumber || !payoutNetworkProblem(p.bankAccountNumber, p.payoutNetwork, p.payoutNumberMoved === true),
      (issue) => {
        const p = issue.input as { bankAccountNumber: string; payoutNetwork: MobileMoneyNetwork };
        return payoutNetworkProblem(p.bankAccountNumber, p.payoutNetwork, false) ?? SELLER_MESSAGES.payoutNeedsNetwork;
      },
    ),
    ['payoutNetwork'],
  ),
);
export type SellerProfileUpdateInput = v.InferInput<typeof sellerProfileUpdateSchema>;

/** Password strength as the registration form shows it. */
export function passwordStrength(password: string): 'Strong' | 'Weak' {
  return isStrongPassword(password) ? 'Strong' : 'Weak';
}

// ---- Answers ----

const ghs = v.literal('GHS');

export const sellerProfileSchema = v.object({
  userId: v.number(),
  businessName: v.string(),
  businessDescription: v.nullable(v.string()),
  businessType: v.picklist(BUSINESS_TYPE_VALUES),
  phoneNumber: v.nullable(v.string()),
  isPhoneVerified: v.boolean(),
  /** A new number waiting for the code texted to it; phoneNumber stays until it is entered. */
  pendingPhoneNumber: v.optional(v.nullable(v.string())),
  businessAddress: v.nullable(v.string()),
  businessRegion: v.string(),
  ghanaCardNumber: v.nullable(v.string()),
  bankAccountName: v.nullable(v.string()),
  bankAccountNumber: v.nullable(v.string()),
  /** The payout account's kind, and its network (mobile money) or bank code (bank). */
  payoutType: v.nullable(v.picklist(PAYOUT_TYPES)),
  payoutNetwork: v.nullable(v.picklist(MOBILE_MONEY_NETWORKS)),
  payoutBankCode: v.nullable(v.string()),
  /** Payouts wait 24 hours after the payout account changes: until when, if that is now. */
  payoutsHeldUntil: v.nullable(v.string()),
  /** A mobile-money payout number issued on another network than the one chosen (kept as moved there): what to check. */
  payoutNetworkWarning: v.optional(v.nullable(v.string())),
  /** Where the seller brings goods (chosen, or the default of docs/transport.md); null: no warehouse is open. */
  dropoffWarehouseId: v.optional(v.nullable(v.number())),
  /** Whether the seller chose it (false: the default). */
  dropoffChosen: v.optional(v.boolean()),
  totalProducts: v.number(),
  totalSales: v.number(),
  totalRevenue: v.number(),
  currency: ghs,
  /** Percent, e.g. 5 for 5 %. */
  commissionRate: v.number(),
  profileCompleteness: v.number(),
  /** Human names of what is still missing, for "Complete Profile". */
  missingFields: v.array(v.string()),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  joinedDate: v.string(),
  user: v.object({ firstName: v.string(), lastName: v.string(), email: v.string(), isEmailVerified: v.boolean() }),
});
export type SellerProfile = v.InferOutput<typeof sellerProfileSchema>;

export const sellerProductSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  imagesUrls: v.array(v.string()),
  price: v.number(),
  currency: ghs,
  status: v.string(),
});
export type SellerProductSummary = v.InferOutput<typeof sellerProductSummarySchema>;

export const sellerRecentOrderSchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  createdAt: v.string(),
  /** The seller's share of the order: their items only. */
  total: v.number(),
  currency: ghs,
});
export type SellerRecentOrder = v.InferOutput<typeof sellerRecentOrderSchema>;

export const sellerStatsSchema = v.object({
  totalProducts: v.number(),
  activeProducts: v.number(),
  pendingProducts: v.number(),
  totalSales: v.number(),
  totalRevenue: v.number(),
  currency: ghs,
  averageRating: v.nullable(v.number()),
  totalReviews: v.number(),
  profileCompleteness: v.number(),
  missingFields: v.array(v.string()),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  joinedDate: v.string(),
  recentOrders: v.array(sellerRecentOrderSchema),
  lastSaleDate: v.nullable(v.string()),
  recentProducts: v.array(sellerProductSummarySchema),
});
export type SellerStats = v.InferOutput<typeof sellerStatsSchema>;

export const sellerOrderItemSchema = v.object({
  /** The order line's id: PUT /sellers/me/orders/{orderId}/items/{id}/at-warehouse marks it. */
  id: v.number(),
  productId: v.number(),
  productName: v.string(),
  quantity: v.number(),
  unitPrice: v.number(),
  total: v.number(),
  /** When the seller brought it to the pickup warehouse; null until then. */
  atWarehouseAt: v.nullable(v.string()),
});
export type SellerOrderItem = v.InferOutput<typeof sellerOrderItemSchema>;

/** An order as its seller sees it: only their own lines, and no more of the buyer than needed. */
export const sellerOrderSchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  createdAt: v.string(),
  status: v.string(),
  paymentStatus: v.string(),
  /** The buyer's first name only. */
  buyerName: v.string(),
  pickupWarehouse: v.nullable(v.string()),
  items: v.array(sellerOrderItemSchema),
  sellerTotal: v.number(),
  currency: ghs,
  /** The seller's lines travelling to the buyer's pickup warehouse, with the buyer's timeline (issue 40). */
  consignments: v.optional(v.array(orderConsignmentSchema)),
});
export type SellerOrder = v.InferOutput<typeof sellerOrderSchema>;

/** What registration, the link's check and its resending answer: a sentence, and the address. */
export const sellerRegisteredSchema = v.object({ message: v.string(), email: v.string() });
export const verificationResentSchema = v.object({ message: v.string(), retryAfterSeconds: v.number() });

/** The states a seller's paid order goes through (the filter on /seller/orders). */
export const SELLER_ORDER_STATES = ['PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;

export const sellerOrdersQuerySchema = v.object({
  page: pageParam(),
  status: v.optional(v.picklist(SELLER_ORDER_STATES, 'status must be PROCESSING, SHIPPED, DELIVERED or CANCELLED')),
});
export type SellerOrdersQuery = v.InferOutput<typeof sellerOrdersQuerySchema>;
export type SellerOrdersQueryInput = v.InferInput<typeof sellerOrdersQuerySchema>;

/** Verification by the operator (ADMIN). */
export const sellerVerificationDecisionSchema = v.object({
  status: required(v.picklist(['VERIFIED', 'REJECTED'], 'status must be VERIFIED or REJECTED')),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'The note is too long'))),
});

/** GET /admin/sellers: optionally of one verification status (any other value lists them all, as it always has). */
export const adminSellersQuerySchema = v.object({
  verificationStatus: v.fallback(v.optional(v.picklist(VERIFICATION_STATUSES)), undefined),
});
export type AdminSellersQuery = v.InferOutput<typeof adminSellersQuerySchema>;

/** A seller as the operator's verification desk lists them. */
export const adminSellerSchema = v.object({
  userId: v.number(),
  /** null: a farmer who registered by USSD, reached at their phone. */
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  isEmailVerified: v.boolean(),
  businessName: v.string(),
  businessRegion: v.string(),
  ghanaCardNumber: v.nullable(v.string()),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  joinedDate: v.string(),
});
export type AdminSeller = v.InferOutput<typeof adminSellerSchema>;

export const sellerVerificationSchema = v.object({ userId: v.number(), verificationStatus: v.picklist(['VERIFIED', 'REJECTED']) });
