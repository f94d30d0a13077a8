import type { Id } from './columns';

/** The tables modules/contact owns; another module gets their types through its face (index.ts). */

export interface ContactMessagesTable {
  id: Id;
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface ContactTables {
  contact_messages: ContactMessagesTable;
}
