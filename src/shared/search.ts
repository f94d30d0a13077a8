/**
 * One definition of "a product matches a search", used by the server's SQL and by the
 * local mirror, so results are the same online and offline: every word of the term must
 * appear (case-insensitively) in the product's name, category or description.
 */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  return term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
}

export function searchHaystack(p: { name: string; category: string; description: string }): string {
  return `${p.name} ${p.category} ${p.description}`.toLowerCase();
}

export function matchesSearch(haystack: string, words: string[]): boolean {
  return words.every((w) => haystack.includes(w));
}
