import type { OutboxEntry, OutboxMessage } from '../../local/db';
import { t } from '../../shared/i18n';

/**
 * A queued change in the reader's language, now: its message and values (a value that is a
 * message is worded too). A row queued by an older version of the app holds only its English
 * words: read back into a message when they are one of the app's own sentences, else shown
 * as they are.
 */
export function changeWords(entry: Pick<OutboxEntry, 'message' | 'label'>): string {
  const label = typeof entry.label === 'string' ? entry.label : '';
  const message = entry.message ?? fromOldLabel(label);
  // A row of another version of the app may name a message this one does not have, or hold
  // values of another shape: its own words, else a plain sentence, never a bare id or a crash.
  return (message && word(message)) || label || t('outbox.unknown');
}

/** The message in the reader's words, or undefined when this app's catalogue does not have it. */
function word(message: unknown): string | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { id, values } = message as Partial<OutboxMessage>;
  if (typeof id !== 'string') return undefined;
  const worded: Record<string, string | number> = {};
  if (values && typeof values === 'object') {
    for (const [name, value] of Object.entries(values)) worded[name] = typeof value === 'number' || typeof value === 'string' ? value : (word(value) ?? '');
  }
  const text = t(id, worded);
  // Lingui answers an id it does not know with the id itself.
  return text === id ? undefined : text;
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
