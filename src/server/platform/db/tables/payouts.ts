import type { Id, RetriedWork } from './columns';

/** The tables modules/payouts owns; another module gets their types through its face (index.ts). */

/** A transfer of a seller's available balance to their payout account. */
export interface PayoutsTable extends RetriedWork {
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
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface PayoutsTables {
  payouts: PayoutsTable;
}
