import type { Id } from './columns';

/** The tables modules/reviews owns; another module gets their types through its face (index.ts). */

export interface ReviewsTable {
  id: Id;
  product_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface ReviewsTables {
  reviews: ReviewsTable;
}
