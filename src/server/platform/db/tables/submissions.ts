import type { Generated } from 'kysely';
import type { Id } from './columns';

/** The tables modules/submissions owns; another module gets their types through its face (index.ts). */

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
  /** 031_transport: grams per unit the seller gave (null: the default from name and category, docs/transport.md). */
  unit_weight_g: Generated<number | null>;
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

/** Their names, as `Database` (../schema.ts) composes them. */
export interface SubmissionsTables {
  product_submissions: ProductSubmissionsTable;
  submission_images: SubmissionImagesTable;
}
