import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/** npm run bench [name…]: runs each benchmark in tests/bench and prints its figures. */
const wanted = process.argv.slice(2);
const benches = readdirSync('tests/bench')
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name));
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `tests/bench/${name}.ts`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
