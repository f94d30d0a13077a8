import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { localDb, type OutboxEntry } from '../../local/db';
import { discardEntry, retryEntry } from '../../local/outbox';
import { api } from '../lib/api';

export interface OutboxState {
  /** Still to be sent, oldest first. */
  waiting: OutboxEntry[];
  /** Refused by the server; they stay until the user retries or discards them. */
  failed: OutboxEntry[];
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
}

/** The outbox as the screens see it, live across tabs and the service worker. */
export function useOutbox(): OutboxState {
  const entries = useLiveQuery(() => localDb.outbox.orderBy('seq').toArray(), []) ?? [];
  const retry = useCallback((seq: number) => retryEntry(seq), []);
  const discard = useCallback((seq: number) => discardEntry(seq, api), []);
  return {
    waiting: entries.filter((e) => e.status === 'pending'),
    failed: entries.filter((e) => e.status === 'failed'),
    retry,
    discard,
  };
}
