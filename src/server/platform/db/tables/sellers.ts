import type { Generated } from 'kysely';

/** The tables modules/sellers owns; another module gets their types through its face (index.ts). */

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
  /** 031_transport: the warehouse the seller brings goods to (null: the default, docs/transport.md). */
  dropoff_warehouse_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** A shared sales record (034_sales_records): the signed canonical document, revocable. */
export interface SalesRecordsTable {
  code: string;
  seller_id: number;
  document: string;
  signature: string;
  /** The PEM (SPKI) of the key that signed it. */
  public_key: string;
  issued_at: string;
  revoked_at: string | null;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface SellersTables {
  seller_profiles: SellerProfilesTable;
  sales_records: SalesRecordsTable;
}
