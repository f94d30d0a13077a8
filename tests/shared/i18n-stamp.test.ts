import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript (npm start runs it before any TypeScript tool); no types.
import { staleReason } from '../../scripts/i18n.mjs';

const I18N = 'src/shared/i18n';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A project folder as the last compile left it: the stamp written after every input. */
function compiledProject(): string {
  dir = mkdtempSync(join(tmpdir(), 'akuafo-i18n-'));
  const inputs = [`${I18N}/catalogues/en.ts`, `${I18N}/catalogues/ak.ts`, `${I18N}/api-messages.ts`, 'src/shared/schemas/cart.ts'];
  const outputs = [`${I18N}/compiled/en.ts`, `${I18N}/compiled/ak.ts`];
  const fixed = ['scripts/compile-i18n.ts', 'node_modules/@lingui/message-utils/package.json'];
  for (const file of [...inputs, ...outputs, ...fixed]) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
    utimesSync(join(dir, file), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  }
  writeFileSync(join(dir, `${I18N}/compiled/inputs.json`), JSON.stringify({ inputs, outputs }));
  return dir;
}
const touch = (file: string) => utimesSync(join(dir, file), new Date(), new Date(Date.now() + 5_000));

describe('the catalogues compile again only when they must (scripts/i18n.mjs)', () => {
  it('not after a compile that nothing changed since', () => {
    expect(staleReason(compiledProject())).toBeUndefined();
  });

  it('when a catalogue, or a schema file a catalogue imports, changed', () => {
    compiledProject();
    touch(`${I18N}/catalogues/ak.ts`);
    expect(staleReason(dir)).toBe(`${I18N}/catalogues/ak.ts changed`);
    compiledProject();
    touch('src/shared/schemas/cart.ts');
    expect(staleReason(dir)).toBe('src/shared/schemas/cart.ts changed');
  });

  it('when the compiler or Lingui changed, an output is gone, or a language was added', () => {
    compiledProject();
    touch('scripts/compile-i18n.ts');
    expect(staleReason(dir)).toBe('scripts/compile-i18n.ts changed');
    compiledProject();
    touch('node_modules/@lingui/message-utils/package.json');
    expect(staleReason(dir)).toMatch(/message-utils.* changed/);
    compiledProject();
    rmSync(join(dir, `${I18N}/compiled/ak.ts`));
    expect(staleReason(dir)).toBe(`${I18N}/compiled/ak.ts is gone`);
    compiledProject();
    writeFileSync(join(dir, `${I18N}/catalogues/ee.ts`), '');
    expect(staleReason(dir)).toBe('a new catalogue');
    expect(staleReason(join(dir, 'nowhere'))).toBe('never compiled');
  });
});
