import { parseGhanaMobile } from '../../../shared/phone';
import type { Db } from '../db';

/** Meta delivers free-form messages only within 24 hours of the person's last message to us. */
export const WHATSAPP_WINDOW_MS = 24 * 3600_000;

/** A phone as stored (024…, 233…, +233…) as the national number whatsapp_inbound keys on. */
export const nationalOf = (phone: string) => parseGhanaMobile(phone)?.national ?? parseGhanaMobile(`+${phone.replace(/^\+/, '')}`)?.national;

/**
 * Which of these numbers (any form: 024…, 233…, +233…) wrote to our WhatsApp number in the last
 * 24 hours, as national numbers (0XXXXXXXXX): a text reaches them now, no template needed.
 */
export async function numbersInWhatsAppWindow(db: Db, phones: (string | null | undefined)[]): Promise<Set<string>> {
  const national = [...new Set(phones.flatMap((p) => (p ? [nationalOf(p)].filter((n): n is string => !!n) : [])))];
  if (national.length === 0) return new Set();
  const since = new Date(Date.now() - WHATSAPP_WINDOW_MS).toISOString();
  const rows = await db.selectFrom('whatsapp_inbound').select('phone').distinct().where('phone', 'in', national).where('received_at', '>', since).execute();
  return new Set(rows.map((r) => r.phone));
}

/** Whether a number wrote to our WhatsApp number in the last 24 hours. */
export async function inWhatsAppWindow(db: Db, phone: string | null | undefined): Promise<boolean> {
  const national = phone ? nationalOf(phone) : undefined;
  return national !== undefined && (await numbersInWhatsAppWindow(db, [phone])).has(national);
}
