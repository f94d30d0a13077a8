import type { Id } from './columns';

/** The tables modules/payments owns; another module gets their types through its face (index.ts). */

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

/** Their names, as `Database` (../schema.ts) composes them. */
export interface PaymentsTables {
  payments: PaymentsTable;
}
