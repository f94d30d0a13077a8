import { parseGhanaMobile } from '../../../shared/phone';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { queueSms } from '../../platform/messages';
import { fitSms } from '../../platform/messages/sms-text';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { LOAD_CODE_WORDS } from './load-words';

/**
 * Texts a transporter the code of their load's next handover (docs/transport.md, "By USSD"):
 * the collection code until it is collected, then the delivery code, naming the order and the
 * two warehouses, in the account's language. No switch turns it off (queueSms): it is a code the
 * transporter asked for, like a sign-in code. Only the transporter's own load not yet delivered;
 * another's is 404, as if it did not exist. `to` is the number the transporter called from.
 */
export async function queueLoadCodes(db: Db, transporterId: number, consignmentId: number, to: string): Promise<void> {
  const c = await db
    .selectFrom('consignments')
    .innerJoin('orders', 'orders.id', 'consignments.order_id')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .innerJoin('users', 'users.id', 'consignments.transporter_id')
    .select(['consignments.status', 'consignments.collection_code', 'consignments.delivery_code', 'orders.order_number', 'f.name as from_name', 't.name as to_name', 'users.language'])
    .where('consignments.id', '=', consignmentId)
    .where('consignments.transporter_id', '=', transporterId)
    .where('consignments.status', 'in', ['AT_ORIGIN', 'IN_TRANSIT'])
    .executeTakeFirst();
  const phone = parseGhanaMobile(to);
  if (!c || !phone) throw notFound(TRANSPORT_MESSAGES.loadNotFound);
  const words = LOAD_CODE_WORDS[c.language === 'ak' ? 'ak' : 'en']({
    no: c.order_number,
    from: c.from_name,
    to: c.to_name,
    collectionCode: c.collection_code,
    deliveryCode: c.status === 'IN_TRANSIT' ? c.delivery_code : null,
  });
  await queueSms(db, { to: phone.international, topic: 'transport', userId: transporterId, text: fitSms(...(words as [string, ...string[]])) });
}
