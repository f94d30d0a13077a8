import type { Id } from './columns';

/** The tables modules/ledger owns; another module gets their types through its face (index.ts). */

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

/** Their names, as `Database` (../schema.ts) composes them. */
export interface LedgerTables {
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
}
