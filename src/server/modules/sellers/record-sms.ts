import { formatCedis } from '../../../shared/money';
import { parseGhanaMobile } from '../../../shared/phone';
import type { SalesRecord } from '../../../shared/schemas/sales-record';
import type { Deps } from '../../http/context';
import { queueSms } from '../../platform/messages';
import { fitWithin, SMS_TWO_PARTS } from '../../platform/messages/sms-text';
import { loadRecordSigningKey, type RecordSigningKey } from './record-key';
import { readPublicRecord, shareRecord } from './record-share';

/** The SMS of a record shared by USSD (up to two parts): its code and address first (what a lender needs), then the one-line summary. */
const RECORD_SMS_WORDS: Record<string, (f: { code: string; url: string; totals: SalesRecord['totals'] }) => [string, ...string[]]> = {
  en: ({ code, url, totals: t }) => [
    `Akuafo Market: your sales record ${code}. A lender checks it at ${url}`,
    `24 months: ${t.orders} orders, ${formatCedis(t.value).replace('GH₵', 'GHS')}, ${t.buyers} buyers${t.onTimeShare === null || t.onTimeShare === undefined ? '' : `, ${Math.round(t.onTimeShare * 100)}% dropped off on time`}.`,
  ],
  ak: ({ code, url, totals: t }) => [
    `Akuafo Market: w’adetɔn nkrataa ${code}. Sikabɔfo betumi ahwɛ mu wɔ ${url}`,
    `Abosome 24: adetɔ ${t.orders}, ${formatCedis(t.value).replace('GH₵', 'GHS')}, atɔfo ${t.buyers}${t.onTimeShare === null || t.onTimeShare === undefined ? '' : `, ${Math.round(t.onTimeShare * 100)}% baa bere mu`}.`,
  ],
};

/** The signing key, read once per configuration (the routes' own is read at their first share). */
const keys = new Map<string, RecordSigningKey>();
function keyOf(config: Deps['config']): RecordSigningKey {
  const id = `${config.recordSigningKey ?? ''}\n${config.dataDir}`;
  if (!keys.has(id)) keys.set(id, loadRecordSigningKey(config));
  return keys.get(id)!;
}

/**
 * USSD's My sales record: signs and keeps a new share of the seller's record (as
 * POST /sellers/me/record/share does) and texts its code, address and summary to the number
 * that asked, in the seller's language. The caller limits how often (menus/record.ts).
 */
export async function textSalesRecord(deps: Pick<Deps, 'db' | 'config'>, sellerId: number, to: string): Promise<void> {
  const phone = parseGhanaMobile(to);
  if (!phone) return;
  const shared = await shareRecord(deps.db, keyOf(deps.config), deps.config.publicUrl, sellerId);
  const { record } = await readPublicRecord(deps.db, shared.code);
  const seller = await deps.db.selectFrom('users').select('language').where('id', '=', sellerId).executeTakeFirst();
  const words = RECORD_SMS_WORDS[seller?.language ?? 'en'] ?? RECORD_SMS_WORDS.en!;
  await queueSms(deps.db, { to: phone.international, topic: 'record', userId: sellerId, text: fitWithin(SMS_TWO_PARTS, ...words({ code: shared.code, url: shared.url, totals: record.totals })) });
}
