import { readFileSync } from 'node:fs';

/**
 * How long the event loop's own work held it, told apart from time it waited for a CPU (issue
 * 25, item 3: "no request holds the loop for more than 10 ms"). monitorEventLoopDelay counts
 * both: on two CPUs shared with reader threads and the clients' worker, a loop that is ready but
 * not running counts as delay. Linux keeps each thread's CPU time in /proc/thread-self/sched
 * (se.sum_exec_runtime, in ms to the nanosecond, kept without schedstats); a 1 ms timer reads it,
 * and between two ticks the loop's CPU time is the work that held it (every callback the loop
 * ran in that gap, so an upper bound on one request's) while the rest of the gap is waiting.
 * Undefined elsewhere. The reads cost about 0.03 ms each, a few per cent of the loop.
 */
export function sampleLoopHolding(): { stop(): { ticks: number; longestGapMs: number; longestHeldMs: number; heldP99Ms: number } } | undefined {
  const cpuMs = () => {
    const text = readFileSync('/proc/thread-self/sched', 'utf8');
    return Number(/se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(text)?.[1]);
  };
  try {
    if (!Number.isFinite(cpuMs())) return undefined;
  } catch {
    return undefined;
  }
  const held: number[] = [];
  let longestGap = 0;
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = cpuMs();
    longestGap = Math.max(longestGap, wall - lastWall);
    held.push(cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...held].sort((a, b) => a - b);
      return { ticks: held.length, longestGapMs: longestGap, longestHeldMs: sorted.at(-1) ?? 0, heldP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
    },
  };
}
