import type { Id } from './columns';

/** The tables modules/cart owns; another module gets their types through its face (index.ts). */

export interface CartItemsTable {
  id: Id;
  user_id: number;
  product_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface CartTables {
  cart_items: CartItemsTable;
}
