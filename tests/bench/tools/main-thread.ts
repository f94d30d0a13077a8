import type { BrowserContext } from 'playwright-core';

/**
 * Where a cold visit's main thread goes, from a Chromium trace (CPU slowed 4x like Lighthouse's
 * mobile preset): the tasks over 50 ms and what blocks in them, and the script time by file and
 * function. Lighthouse says how much is blocked; this says by what (`BENCH_ONLY=main-thread`).
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

const SCRIPT_EVENTS = new Set(['FunctionCall', 'v8.evaluateModule', 'EvaluateScript']);

export async function mainThreadOf(context: BrowserContext, url: string, settleMs = 8000): Promise<string[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => void events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(settleMs);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await page.close();

  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const whole = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const sum = (name: string) => whole.filter((e) => e.name === name).reduce((n, e) => n + e.dur!, 0);
  const long = whole.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
  const blocking = long.reduce((n, t) => n + t.dur! - 50_000, 0);
  const scripts = new Map<string, number>();
  for (const e of whole.filter((e) => SCRIPT_EVENTS.has(e.name))) {
    const file = (e.args?.data?.url ?? '').replace(/.*\//, '') || '(module evaluation)';
    const key = `${file} ${e.args?.data?.functionName ?? ''}`.trim();
    scripts.set(key, (scripts.get(key) ?? 0) + e.dur!);
  }
  return [
    `${url}: ${long.length} tasks over 50 ms, ${ms(blocking)} over 50 ms in all (the first ${settleMs / 1000} s after load)`,
    `  layout ${ms(sum('Layout'))}, style ${ms(sum('UpdateLayoutTree'))}, paint ${ms(sum('Paint'))}, HTML parsing ${ms(sum('ParseHTML'))}`,
    `  script by file and function: ${[...scripts].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, d]) => `${k} ${ms(d)}`).join(', ')}`,
  ];
}
