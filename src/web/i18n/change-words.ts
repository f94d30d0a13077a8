import type { OutboxEntry, OutboxMessage } from '../../local/db';
import { t } from '../../shared/i18n';

/**
 * A queued change in the reader's language, now: its message and values (a value that is a
 * message is worded too). A row queued by an older version of the app holds only its English
 * words: read back into a message when they are one of the app's own sentences, else shown
 * as they are.
 */
export function changeWords(entry: Pick<OutboxEntry, 'message' | 'label'>): string {
  const message = entry.message ?? fromOldLabel(entry.label ?? '');
  return message ? word(message) : (entry.label ?? '');
}

function word({ id, values }: OutboxMessage): string {
  return t(id, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? word(value) : value])));
}

type Values = NonNullable<OutboxMessage['values']>;
/** The English labels the app wrote before changes carried a message (src/local, up to issue 27), most specific first. */
const OLD_LABELS: [RegExp, OutboxMessage['id'], (m: string[]) => Values][] = [
  [/^Add (.+) \(now (\d+)\) to cart$/, 'outbox.cartAdd', ([, name, n]) => ({ name: name!, n: Number(n) })],
  [/^Change (.+) to (\d+)$/, 'outbox.cartChange', ([, name, n]) => ({ name: name!, n: Number(n) })],
  [/^Remove (.+) from cart$/, 'outbox.cartRemove', ([, name]) => ({ name: name! })],
  [/^Delete all items from cart$/, 'outbox.cartClear', () => ({})],
  [/^Cancel order (.+)$/, 'outbox.cancelOrder', ([, number]) => ({ number: number! })],
  [/^Message to support: (.+)$/, 'outbox.contact', ([, subject]) => ({ subject: subject! })],
  [/^Review of (.+)$/, 'outbox.review', ([, name]) => ({ name: name! })],
  [/^Remove (.+) from saved items$/, 'outbox.wishlistRemove', ([, name]) => ({ name: name! })],
  [/^Save (.+)$/, 'outbox.wishlistSave', ([, name]) => ({ name: name! })],
  [/^Update your profile$/, 'outbox.profile', () => ({})],
  [/^Update business profile$/, 'outbox.sellerProfile', () => ({})],
  [/^Undo: (.+) \(order (.+)\) at the warehouse$/, 'outbox.atWarehouseUndo', ([, name, number]) => ({ name: name!, number: number! })],
  [/^(.+) \(order (.+)\) at the warehouse$/, 'outbox.atWarehouse', ([, name, number]) => ({ name: name!, number: number! })],
  [/^Add product: (.+)$/, 'outbox.submission', ([, name]) => ({ name: name! })],
  [
    /^Turn (on|off) (SMS|email|push) for (orders|sales|listings)$/,
    'outbox.notificationOn',
    ([, , channel, topic]) => ({ channel: { id: 'notifications.channel', values: { channel: channel!.toLowerCase() } }, topic: { id: 'notifications.topic', values: { topic: topic! } } }),
  ],
];

function fromOldLabel(label: string): OutboxMessage | undefined {
  for (const [pattern, id, values] of OLD_LABELS) {
    const match = pattern.exec(label);
    if (!match) continue;
    // "Turn off …" is the same sentence with the other verb.
    const which = id === 'outbox.notificationOn' && match[1] === 'off' ? 'outbox.notificationOff' : id;
    return { id: which, values: values(match) };
  }
  return undefined;
}
