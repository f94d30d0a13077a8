import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileAll } from '../../scripts/compile-i18n';
import { acceptLanguageTags, activate, cookieLocale, loadLocale, pickLocale, t } from '../../src/shared/i18n';
import { ak } from '../../src/shared/i18n/catalogues/ak';
import { en } from '../../src/shared/i18n/catalogues/en';

describe('the compiled catalogues', () => {
  it('are those the catalogues compile to (run `npm run i18n` after editing a catalogue)', async () => {
    for (const [code, text] of await compileAll()) {
      expect(readFileSync(new URL(`../../src/shared/i18n/compiled/${code}.ts`, import.meta.url), 'utf8'), code).toBe(text);
    }
  });

  it('Twi has every English message, with the same placeholders', () => {
    const names = (icu: string) => [...icu.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    for (const id of Object.keys(en) as (keyof typeof en)[]) expect(names(ak[id]), id).toEqual(names(en[id]));
  });

  it('counts in Twi with the number after the noun, and falls back to English for an unknown language', async () => {
    await loadLocale('ak');
    activate('ak');
    expect(t('app.items', { n: 1 })).toBe('ade 1');
    expect(t('app.items', { n: 4 })).toBe('nneɛma 4');
    activate('fr');
    expect(t('app.items', { n: 4 })).toBe('4 items');
  });
});

describe('choosing a language from what the phone or the browser says', () => {
  it('reads Accept-Language by weight, and knows Twi by its several tags', () => {
    expect(pickLocale(acceptLanguageTags('en-GB;q=0.5, ak-GH;q=0.9'))).toBe('ak');
    expect(pickLocale(acceptLanguageTags('tw'))).toBe('ak');
    expect(pickLocale(acceptLanguageTags('fr, de;q=0.8'))).toBe('en');
    expect(pickLocale(acceptLanguageTags(''))).toBe('en');
    expect(cookieLocale('a=1; akuafo-lang=ak')).toBe('ak');
    expect(cookieLocale('akuafo-lang=xx')).toBeUndefined();
  });
});
