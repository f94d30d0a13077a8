import type { Generated } from 'kysely';
import type { MessagesTable, NotificationPreferencesTable, PushSubscriptionsTable } from './schema-messages';

/**
 * Kysely table types. Times are ISO-8601 UTC text and flags are 0/1 integers on both
 * SQLite and PostgreSQL, so one set of queries serves both. Money is integer pesewas.
 */
type Id = Generated<number>;
type Flag = number;

export interface UsersTable {
  id: Id;
  /** NULL for a phone-only account (made by a USSD order, migration 016). */
  email: string | null;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  user_type: 'CUSTOMER' | 'SELLER' | 'ADMIN';
  profile_image: string | null;
  is_email_verified: Flag;
  /** The number in `phone` answered a code sent to it; a new number starts unverified. */
  is_phone_verified: Generated<Flag>;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
  /** The language chosen for the app and for messages (src/shared/i18n/locales.ts); null: not chosen, English. */
  language: Generated<string | null>;
}

/** An e-mail or phone change: PENDING until the new address answers its code, then APPLIED (or UNDONE, CANCELLED). */
export interface ContactChangesTable {
  id: Id;
  user_id: number;
  channel: 'email' | 'phone';
  old_value: string | null;
  old_verified: Flag;
  new_value: string | null;
  status: 'PENDING' | 'APPLIED' | 'UNDONE' | 'CANCELLED';
  created_at: string;
  applied_at: string | null;
}

export interface CustomerAddressesTable {
  id: Id;
  user_id: number;
  street: string;
  city: string;
  region: string;
  postal_code: string | null;
  country: string;
  is_default: Flag;
  created_at: string;
}

export interface SellerProfilesTable {
  user_id: number;
  business_name: string;
  business_description: string | null;
  business_type: 'FARM' | 'PROCESSING' | 'DISTRIBUTION' | 'RETAIL';
  business_address: string | null;
  business_region: string;
  ghana_card_number: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  verification_status: 'PENDING' | 'VERIFIED' | 'REJECTED';
  commission_rate_bp: number;
  /** 013_ledger: MOBILE_MONEY (payout_network MTN|VODAFONE|AIRTEL_TIGO) or BANK (payout_bank_code). */
  payout_type: Generated<'MOBILE_MONEY' | 'BANK' | null>;
  payout_network: Generated<string | null>;
  payout_bank_code: Generated<string | null>;
  payout_account_changed_at: Generated<string | null>;
  payout_recipient_code: Generated<string | null>;
  payout_recipient_for: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Id;
  seller_id: number;
  name: string;
  description: string;
  price_minor: number;
  category: string;
  condition: string;
  region: string;
  stock_quantity: number;
  is_active: Flag;
  is_featured: Flag;
  /** Kept consistent with old_price_minor by shared/discount.ts (deriveOffer). */
  discount_percentage: number | null;
  old_price_minor: number | null;
  /** Shown among the weekly specials rather than the discounted products (010_offers). */
  is_weekly_special: Generated<Flag>;
  /** The commodity the price index counts this listing under (017_market_prices); null: not counted. */
  commodity_id: Generated<string | null>;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ProductImagesTable {
  id: Id;
  product_id: number;
  position: number;
  storage_key: string;
  width: number;
  height: number;
}

export interface DeletedProductsTable {
  product_id: number;
  version: number;
  deleted_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface ReviewsTable {
  id: Id;
  product_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: string;
}

export interface CartItemsTable {
  id: Id;
  user_id: number;
  product_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface WarehousesTable {
  id: Id;
  name: string;
  address: string;
  region: string;
  is_active: Flag;
}

export interface OrdersTable {
  id: Id;
  order_number: string;
  user_id: number;
  status: string;
  payment_status: string;
  pickup_warehouse_id: number;
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  shipping_minor: number;
  total_minor: number;
  currency: string;
  notes: string | null;
  agent_code: string | null;
  payment_method: string;
  mobile_money_network: string | null;
  mobile_money_number: string | null;
  reservation_expires_at: string | null;
  estimated_delivery: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  /** 6 digits, set when the order becomes ready for pickup (SHIPPED); the buyer shows it at the warehouse. */
  pickup_code: Generated<string | null>;
  /** Where the order was placed: 'app' or 'ussd' (migration 016). */
  channel: Generated<string>;
  /** The USSD code the buyer dialed (*920*44#), for SMS that say how to come back. */
  ussd_code: Generated<string | null>;
}

export interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number;
  product_name: string;
  unit_price_minor: number;
  quantity: number;
  total_minor: number;
  /** When the seller brought this line to the pickup warehouse. */
  at_warehouse_at: Generated<string | null>;
}

export interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  status: string;
  notes: string | null;
  created_at: string;
}

export interface PaymentsTable {
  id: Id;
  order_id: number;
  provider: string;
  reference: string;
  amount_minor: number;
  currency: string;
  status: string;
  provider_transaction_id: string | null;
  verified_at: string | null;
  raw: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductSubmissionsTable {
  id: Id;
  seller_id: number;
  name: string;
  description: string;
  category: string;
  price_minor: number;
  currency: string;
  stock_quantity: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  review_note: string | null;
  product_id: number | null;
  condition: Generated<string>;
  region: Generated<string>;
  commodity_id: Generated<string | null>;
  /** 1 while an edit of an approved listing waits for review (the live product keeps its content). */
  changes_pending: Generated<number>;
  /** 1 when a farmer listed it by USSD: no photo yet, the operator may add one. */
  listed_by_phone: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SubmissionImagesTable {
  id: Id;
  submission_id: number;
  position: number;
  storage_key: string;
  width: number;
  height: number;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: number | null;
  user_agent: string | null;
  created_at: string;
}

export interface OneTimeCodesTable {
  id: Id;
  user_id: number;
  purpose: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  idem_key: string;
  method: string;
  path: string;
  status: number;
  body: string;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Id;
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface WishlistItemsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface SecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  hits: number;
  window_ends_at: string;
}

/** A refund of one payment, sent to the provider by the refund job until it is accepted. */
export interface RefundsTable {
  id: Id;
  order_id: number;
  payment_id: number;
  amount_minor: number;
  currency: string;
  reason: string;
  /** PENDING (not yet accepted by the provider), PROCESSING (accepted), COMPLETED, FAILED (the provider gave up). */
  status: string;
  provider_refund_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A job instance working on this row until then; another instance leaves it alone. */
  claimed_until: string | null;
  last_error: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A USSD session: its screen state (JSON), and the step being answered with its reply (retries). */
export interface UssdSessionsTable {
  session_key: string;
  phone: string;
  state: string;
  step_text: string;
  reply: string | null;
  ended: Generated<Flag>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The account a phone number (0XXXXXXXXX) buys and sells as by USSD, and its remembered region. */
export interface PhoneAccountsTable {
  phone: string;
  user_id: number | null;
  ussd_region: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  ussd_sessions: UssdSessionsTable;
  phone_accounts: PhoneAccountsTable;
  customer_addresses: CustomerAddressesTable;
  seller_profiles: SellerProfilesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  deleted_products: DeletedProductsTable;
  counters: CountersTable;
  reviews: ReviewsTable;
  cart_items: CartItemsTable;
  warehouses: WarehousesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  payments: PaymentsTable;
  product_submissions: ProductSubmissionsTable;
  submission_images: SubmissionImagesTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  contact_changes: ContactChangesTable;
  idempotency_keys: IdempotencyKeysTable;
  contact_messages: ContactMessagesTable;
  wishlist_items: WishlistItemsTable;
  secrets: SecretsTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  messages: MessagesTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  refunds: RefundsTable;
  commodities: CommoditiesTable;
  market_sales: MarketSalesTable;
  market_price_cells: MarketPriceCellsTable;
  market_asks: MarketAsksTable;
  market_price_rows: MarketPriceRowsTable;
  market_price_rows_stamp: MarketPriceRowsStampTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  payouts: PayoutsTable;
}

/** A normalised product and unit ("Maize, 50 kg bag") the price index is kept for. */
export interface CommoditiesTable {
  id: string;
  name: string;
  unit: string;
  category: string;
  /** Space-separated words an SMS may name it by (lower case). */
  words: string;
  position: number;
}

/** One paid order line of a mapped listing: what the weekly medians are drawn from. */
export interface MarketSalesTable {
  order_item_id: number;
  order_id: number;
  commodity_id: string;
  region: string;
  week: string;
  unit_price_minor: number;
  quantity: number;
  /** 0 until the fold job has counted it in its cells (020_market_sales_folded). */
  folded: Generated<Flag>;
}

/** The weekly paid median of one commodity in one region ('' = the whole country). */
export interface MarketPriceCellsTable {
  commodity_id: string;
  region: string;
  week: string;
  paid_minor: number | null;
  sales: number;
  quantity: number;
  /** Distinct sellers behind the sales (021_market_cell_sellers): under MIN_SELLERS nothing paid is published. */
  sellers: number;
}

/** The index as phones mirror it: the figures the API shows, versioned (019_market_price_rows). */
export interface MarketPriceRowsTable {
  commodity_id: string;
  region: string;
  week: string;
  paid_minor: number | null;
  asking_minor: number | null;
  sales: number;
  listings: number;
  version: number;
}

/** The one row naming the state (week and counters) market_price_rows were last drawn from. */
export interface MarketPriceRowsStampTable {
  id: number;
  stamp: string;
}

/** A mapped listing's price from `at` on (written by trigger on products). */
export interface MarketAsksTable {
  id: Id;
  product_id: number;
  commodity_id: string | null;
  region: string;
  price_minor: number;
  active: Flag;
  at: string;
}

/** One money event (013_ledger); its entries balance. */
export interface LedgerTransactionsTable {
  id: Id;
  event_key: string;
  kind: string;
  order_id: number | null;
  payout_id: number | null;
  memo: string;
  created_at: string;
}

/** One leg of a ledger transaction: exactly one of debit_minor and credit_minor is above zero. */
export interface LedgerEntriesTable {
  id: Id;
  transaction_id: number;
  account: string;
  seller_id: number | null;
  order_id: number | null;
  debit_minor: number;
  credit_minor: number;
  created_at: string;
}

/** A transfer of a seller's available balance to their payout account. */
export interface PayoutsTable {
  id: Id;
  seller_id: number;
  amount_minor: number;
  currency: string;
  reference: string;
  provider: string;
  /** PENDING (claimed from the balance, not yet confirmed) -> SUCCESS | FAILED; SUCCESS -> REVERSED. */
  status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'REVERSED';
  account_label: string;
  account_key: string;
  transfer_code: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Id;
  actor_id: number;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number;
  detail: string | null;
  created_at: string;
}
