import type { Generated } from 'kysely';
import type { Flag } from './columns';

/** The tables modules/ussd owns; another module gets their types through its face (index.ts). */

/** A USSD session: its screen state (JSON), and the step being answered with its reply (retries). */
export interface UssdSessionsTable {
  session_key: string;
  phone: string;
  state: string;
  step_text: string;
  reply: string | null;
  ended: Generated<Flag>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The account a phone number (0XXXXXXXXX) buys and sells as by USSD, and its remembered region. */
export interface PhoneAccountsTable {
  phone: string;
  user_id: number | null;
  ussd_region: string | null;
  created_at: string;
  updated_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface UssdTables {
  ussd_sessions: UssdSessionsTable;
  phone_accounts: PhoneAccountsTable;
}
