import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticRoutes } from '../../src/server/http/static';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/route-preloads';

/** Issue 27: the prerendered home and the shell come in the visitor's language, at the plain address. */
describe('the first screen in the visitor language', () => {
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-lang-'));
  writeFileSync(join(dir, 'index.html'), '<html lang="en-GH"><head></head><body>Welcome</body></html>');
  writeFileSync(join(dir, 'index.ak.html'), '<html lang="ak"><head></head><body>Akwaaba</body></html>');
  writeFileSync(join(dir, 'shell.html'), '<html lang="en-GH"><head><template id="app-chunks"></template></head><body>Loading…</body></html>');
  writeFileSync(join(dir, 'shell.ak.html'), '<html lang="ak"><head><template id="app-chunks"></template></head><body>Ɛreba…</body></html>');
  writeFileSync(join(dir, ROUTE_PRELOADS_FILE), '[]');
  const app = staticRoutes(dir);
  const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://test.local${path}`, { headers });

  it('follows the language cookie, then Accept-Language, else English', async () => {
    expect(await (await get('/', { cookie: 'akuafo-lang=ak' })).text()).toContain('Akwaaba');
    expect(await (await get('/about', { cookie: 'akuafo-lang=ak' })).text()).toContain('Ɛreba…');
    expect(await (await get('/', { 'accept-language': 'ak-GH, en;q=0.5' })).text()).toContain('Akwaaba');
    // The reader's own choice wins over the browser's.
    expect(await (await get('/', { cookie: 'akuafo-lang=en', 'accept-language': 'ak' })).text()).toContain('Welcome');
    expect(await (await get('/about')).text()).toContain('Loading…');
    // A forged or unknown value is English, never a file outside the build.
    expect(await (await get('/', { cookie: 'akuafo-lang=../../etc/passwd' })).text()).toContain('Welcome');
    expect(await (await get('/', { cookie: 'akuafo-lang=fr' })).text()).toContain('Welcome');
  });

  it('tells caches the page varies with the cookie and the language asked for', async () => {
    expect((await get('/')).headers.get('vary')).toBe('Cookie, Accept-Language');
  });
});
