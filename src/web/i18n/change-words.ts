import type { OutboxEntry, OutboxMessage } from '../../local/db';
import { t } from '../../shared/i18n';

/**
 * A queued change in the reader's language, now: its message and values (a value that is a
 * message is worded too). A row queued before changes carried a message has only its English
 * words, and shows them as they are.
 */
export function changeWords(entry: Pick<OutboxEntry, 'message' | 'label'>): string {
  return entry.message ? word(entry.message) : (entry.label ?? '');
}

function word({ id, values }: OutboxMessage): string {
  return t(id, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? word(value) : value])));
}
