import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';

/**
 * Prints what the first screen (/) downloads (JS and CSS, gzip) and what the service worker
 * precaches. Reads a fresh production build in dist/.
 */
const dist = process.env.STATIC_DIR ?? 'dist';
if (process.argv.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', dist], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

// The first screen: index.html's entry script and CSS, their static imports, and the
// chunk of the home route (loaded lazily but needed before anything shows).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const seen = new Set<string>();
const visit = (file: string) => {
  if (seen.has(file)) return;
  seen.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`);
};
entry.forEach(visit);
const home = readdirSync(join(dist, 'assets')).find((f) => /^HomePage-.*\.js$/.test(f));
if (home) visit(`assets/${home}`);

const firstJs = [...seen].filter((f) => f.endsWith('.js'));
const firstCss = [...seen].filter((f) => f.endsWith('.css'));
const sum = (files: string[]) => files.reduce((s, f) => s + gz(f), 0);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [relative(dist, join(dir, f))]));
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precached = walk(dist).filter((f) => sw.includes(`"${f}"`) || sw.includes(`"/${f}"`) || sw.includes(`url:"${f}"`));

console.log('First screen (/), gzip:');
for (const f of [...firstJs, ...firstCss]) console.log(`  ${f.padEnd(48)} ${kb(gz(f))}`);
console.log(`  JavaScript total: ${kb(sum(firstJs))}`);
console.log(`  CSS total:        ${kb(sum(firstCss))}`);
console.log(`  HTML (index.html): ${kb(gz('index.html'))}`);

// Each other language's first screen: its prerendered home, and its catalogue (a small chunk
// the app fetches before it starts; English is in the first screen's code already).
for (const html of readdirSync(dist).filter((f) => /^index\.[a-z]{2,3}\.html$/.test(f))) {
  const code = html.split('.')[1];
  const catalogue = readdirSync(join(dist, 'assets')).filter((f) => new RegExp(`^${code}-[\\w-]+\\.js$`).test(f));
  console.log(`First screen (/) in ${code}, gzip:`);
  for (const f of catalogue) console.log(`  assets/${f.padEnd(41)} ${kb(gz(`assets/${f}`))}`);
  console.log(`  JavaScript total: ${kb(sum(firstJs) + sum(catalogue.map((f) => `assets/${f}`)))}`);
  console.log(`  HTML (${html}): ${kb(gz(html))}`);
}
console.log(`Precache: ${precached.length} files, ${kb(sum(precached))} gzip (${kb(precached.reduce((s, f) => s + statSync(join(dist, f)).size, 0))} raw)`);
console.log(`Service worker: ${kb(gz('sw.js'))} gzip`);
