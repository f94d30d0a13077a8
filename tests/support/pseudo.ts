import { COMPANY, COMPANY_ADDRESS_LINE } from '../../src/shared/company';

const OPEN = '⟦';
const CLOSE = '⟧';

/**
 * Every text a reader sees or hears (text nodes, accessible names, placeholders) outside the
 * catalogue's ⟦…⟧ marks, once the catalogue's parts are taken out. Only digits, punctuation
 * and the brand's name may be left: any word left is a string that did not come from the catalogue.
 * `data`: names that are data, not the app's words (regions, categories, countries).
 */
export function untranslated(root: HTMLElement, data: readonly string[] = []): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const el of root.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) texts.push(value);
    }
  }
  // Names, not words (an avatar's initials are data: pass them in `data`): the brand, the languages' own names, the company's contacts, the money sign (formatCedis).
  const names = [COMPANY.name, COMPANY.legalName, COMPANY_ADDRESS_LINE, ...COMPANY.social.map((s) => s.name), 'WhatsApp', 'Akuafo', 'Market', 'English', 'Twi', 'GH₵', ...data]
    // Longest first: "Greater Accra" before "Accra".
    .sort((a, b) => b.length - a.length);
  return texts
    .map((text) => {
      let rest = text;
      // Innermost first: a message can hold another (a label with an item count).
      for (let before = ''; before !== rest; ) {
        before = rest;
        rest = rest.replace(new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*${CLOSE}`, 'g'), ' ');
      }
      for (const name of names) rest = rest.replaceAll(name, ' ');
      return rest.replace(/\S+@\S+/g, ' ').replace(/[^\p{L}]+/gu, ' ').trim();
    })
    .filter((rest) => /\p{L}{2,}/u.test(rest));
}
