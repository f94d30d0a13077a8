import type { Generated } from 'kysely';
import type { Id, Flag } from './columns';

/** The tables modules/accounts owns; another module gets their types through its face (index.ts). */

export interface UsersTable {
  id: Id;
  /** NULL for a phone-only account (made by a USSD order, migration 016). */
  email: string | null;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  user_type: 'CUSTOMER' | 'SELLER' | 'ADMIN' | 'WAREHOUSE' | 'TRANSPORTER';
  profile_image: string | null;
  is_email_verified: Flag;
  /** The number in `phone` answered a code sent to it; a new number starts unverified. */
  is_phone_verified: Generated<Flag>;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
  /** The language chosen for the app and for messages (src/shared/i18n/locales.ts); null: not chosen, English. */
  language: Generated<string | null>;
  /** A WAREHOUSE account's warehouse, set by the operator (032); null for everyone else and staff not yet assigned. */
  warehouse_id: Generated<number | null>;
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

/** Their names, as `Database` (../schema.ts) composes them. */
export interface AccountsTables {
  users: UsersTable;
  contact_changes: ContactChangesTable;
  customer_addresses: CustomerAddressesTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
}
