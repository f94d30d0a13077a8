import type { Id } from './columns';

/** The tables modules/wishlist owns; another module gets their types through its face (index.ts). */

export interface WishlistItemsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface WishlistTables {
  wishlist_items: WishlistItemsTable;
}
