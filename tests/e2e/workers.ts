/**
 * How many e2e files run at once, each in a worker with a server of its own. Two: a file spends
 * much of its time waiting (the browser's timers, the server's answers), so one file at a time
 * left the two CPUs partly idle (docs/performance.md, "CI in minutes"). E2E_WORKERS=1 gives the
 * one-at-a-time run back, to tell a timing failure from a real one.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
