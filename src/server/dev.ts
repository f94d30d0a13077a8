import { loadConfig } from './config';
import { main } from './main';

/**
 * The API for `npm run dev` (scripts/dev.mjs), run by `tsx watch` so it restarts when a server
 * source changes: no build step, no PWA (Vite serves the pages and proxies /api, /media and
 * /healthz here, on API_PORT), no drain delay (a restart is not a balancer moving away).
 */
const port = process.env.API_PORT ?? process.env.PORT ?? '8080';
const config = loadConfig({ DRAIN_DELAY_MS: '0', LOG_LEVEL: 'info', ...process.env, PORT: port });
config.staticDir = undefined;
await main(config);
