import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../platform/logging';

export interface AccessLogOptions {
  /** A request at least this slow gets its own line. */
  slowMs: number;
  /** How often the summary line of everything else goes out (after a request, no timer). */
  summaryMs: number;
  /** More figures for the summary line, e.g. the API cache's. */
  extra?: () => Record<string, unknown>;
}

/**
 * API access logging that costs less than it tells: a failed request (4xx, 5xx) or a slow
 * one gets a line of its own; every other one is only counted, and the counts go out as
 * one summary line at most every summaryMs. At LOG_LEVEL=debug every request gets a line.
 */
export function accessLog(logger: Logger, options: AccessLogOptions): MiddlewareHandler {
  return createAccessLog(logger, options).middleware;
}

/** The access log as a middleware, and record() for answers sent before the middleware chain. */
export function createAccessLog(logger: Logger, options: AccessLogOptions) {
  let counts = emptyCounts();
  let windowStart = Date.now();

  function record(method: string, path: string, status: number, ms: number) {
    if (path.startsWith('/api/')) {
      const line = { method, path, status, ms };
      if (status >= 500) logger.error(line, 'request failed');
      else if (ms >= options.slowMs) logger.warn({ ...line, slow: true }, 'slow request');
      else if (status >= 400) logger.info(line, 'request refused');
      else logger.debug(line, 'request');
      counts.requests += 1;
      const family = `${Math.floor(status / 100)}xx`;
      counts.byStatus[family] = (counts.byStatus[family] ?? 0) + 1;
      if (ms >= options.slowMs) counts.slow += 1;
      counts.maxMs = Math.max(counts.maxMs, ms);
    }
    const now = Date.now();
    if (now - windowStart >= options.summaryMs) {
      if (counts.requests > 0) logger.info({ ...counts, seconds: Math.round((now - windowStart) / 1000), ...options.extra?.() }, 'requests');
      counts = emptyCounts();
      windowStart = now;
    }
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      record(c.req.method, c.req.path, c.res.status, Math.round((performance.now() - started) * 10) / 10);
    }
  };
  return { middleware, record };
}

export type AccessLog = ReturnType<typeof createAccessLog>;

function emptyCounts() {
  return { requests: 0, byStatus: {} as Record<string, number>, slow: 0, maxMs: 0 };
}
