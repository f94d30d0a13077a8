import { Gauge, type Registry } from 'prom-client';
import { NOTIFICATION_CHANNELS as CHANNELS } from '../../../shared/schemas/notifications';
import type { Db } from '../db';

/**
 * The outbox as Prometheus sees it, read from the table at scrape time (so every instance of a
 * fleet reports the same shared outbox): messages waiting or being sent, and messages that
 * failed for good, per channel.
 */
export function registerOutboxMetrics(registry: Registry, db: Db): void {
  const counts = async (statuses: ('QUEUED' | 'SENDING' | 'FAILED')[]) => {
    const rows = await db
      .selectFrom('messages')
      .select(['channel', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('status', 'in', statuses)
      .groupBy('channel')
      .execute();
    return new Map(rows.map((r) => [r.channel, Number(r.n)]));
  };
  new Gauge({
    name: 'akuafo_outbox_depth',
    help: 'Messages queued or being sent, by channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const n = await counts(['QUEUED', 'SENDING']);
      for (const channel of CHANNELS) this.set({ channel }, n.get(channel) ?? 0);
    },
  });
  new Gauge({
    name: 'akuafo_outbox_failed',
    help: 'Messages that failed after their last attempt (the operator console can retry them), by channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const n = await counts(['FAILED']);
      for (const channel of CHANNELS) this.set({ channel }, n.get(channel) ?? 0);
    },
  });
}
