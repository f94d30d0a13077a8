// `npm run dev`: Vite (the app, with hot reload) and the API under `tsx watch` (src/server/dev.ts,
// restarted when a server file changes), side by side in one terminal. Ctrl-C stops both; if
// either ends on its own, the other is stopped too.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, API_PORT: apiPort };
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/dev.ts'], { stdio: 'inherit', env }),
  spawn(bin('vite'), process.argv.slice(2), { stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
