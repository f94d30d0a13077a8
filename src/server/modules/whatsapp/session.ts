import { setTimeout as sleep } from 'node:timers/promises';
import { now, type Db } from '../../platform/db';
import type { UssdState } from '../ussd';
import type { WhatsAppOutgoing } from './messages';

/**
 * A chat's place in the menus, kept in USSD's session table (ussd_sessions) under the key
 * "whatsapp:<number>": one row a number. `step_text` holds the id of the inbound message last
 * answered (or being answered, with reply null), so a copy of a message is answered with the
 * first one's reply and never acts twice; `version` makes every write a compare-and-set.
 */
export interface ChatRow {
  state: UssdState;
  inboundId: string;
  reply: WhatsAppOutgoing[] | null;
  version: number;
  updatedAt: string;
}

/** A chat untouched this long starts again at the menu (Meta's customer-service window). */
export const CHAT_HOURS = 24;
const WAIT_FOR_TWIN_MS = 5000;

export const chatKey = (phone: string) => `whatsapp:${phone}`;

export async function readChat(db: Db, key: string): Promise<ChatRow | undefined> {
  const row = await db.selectFrom('ussd_sessions').select(['state', 'step_text', 'reply', 'version', 'updated_at']).where('session_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return { state: JSON.parse(row.state) as UssdState, inboundId: row.step_text, reply: row.reply === null ? null : (JSON.parse(row.reply) as WhatsAppOutgoing[]), version: row.version, updatedAt: row.updated_at };
}

/** Writes the chat if it is still at `version` (0: no row yet); false when another answer wrote first. */
export async function writeChat(db: Db, key: string, phone: string, version: number, fields: { state: UssdState; inboundId: string; reply: WhatsAppOutgoing[] | null }): Promise<boolean> {
  const at = now();
  // Always "ended" for USSD: its dropped-session offer (ussd/sessions.ts freshState) must never resume a chat's state on a keypad.
  const values = { state: JSON.stringify(fields.state), step_text: fields.inboundId, reply: fields.reply === null ? null : JSON.stringify(fields.reply), ended: 1 as const, updated_at: at };
  const result =
    version === 0
      ? await db.insertInto('ussd_sessions').values({ session_key: key, phone, version: 1, created_at: at, ...values }).onConflict((oc) => oc.column('session_key').doNothing()).executeTakeFirst()
      : await db.updateTable('ussd_sessions').set({ ...values, version: version + 1 }).where('session_key', '=', key).where('version', '=', version).executeTakeFirst();
  const affected = 'numInsertedOrUpdatedRows' in result ? result.numInsertedOrUpdatedRows : (result as { numUpdatedRows: bigint }).numUpdatedRows;
  return Number(affected ?? 0n) === 1;
}

/**
 * The same message is being answered by another call: its reply once stored (undefined: it never
 * came). `patience`: also wait while the chat is not yet at this message (a copy over the rate limit
 * waits that long for the copy being answered to claim it).
 */
export async function waitForTwin(db: Db, key: string, inboundId: string, patience = 0): Promise<WhatsAppOutgoing[] | undefined> {
  const until = Date.now() + WAIT_FOR_TWIN_MS;
  const hopeUntil = Date.now() + patience;
  while (Date.now() < until) {
    const row = await readChat(db, key);
    if (row?.inboundId !== inboundId && Date.now() >= hopeUntil) return undefined;
    if (row?.inboundId !== inboundId) {
      await sleep(50);
      continue;
    }
    if (row.reply !== null) return row.reply;
    await sleep(50);
  }
  return undefined;
}
