import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one instance. Each app has its own registry (tests build many apps in
 * one process). A module adds its own metric in one line, registered here, e.g.
 *   new Gauge({ name: 'akuafo_outbox_depth', help: '…', registers: [deps.metrics.registry], collect() { … } })
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  reservationSweeps: Counter<'outcome'>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export function createMetrics(options: { poolStats?: () => PoolStats; processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Process metrics (CPU, memory, event-loop lag) start timers: only the real server wants them.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'akuafo_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
      },
    });
  }
  return {
    registry,
    httpRequests: new Histogram({
      name: 'akuafo_http_request_duration_seconds',
      help: 'HTTP requests by method, matched route and status, with their durations',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    reservationSweeps: new Counter({
      name: 'akuafo_reservation_sweep_runs_total',
      help: 'Runs of the background sweep that releases lapsed stock reservations, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}
