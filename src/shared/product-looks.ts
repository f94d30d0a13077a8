/**
 * What a demo product's picture shows, by its name: the category alone drew plantain as round
 * apples and kontomire as tomatoes, because a category's motif is one shape in mixed colours.
 * The first rule whose words the name holds wins; a name no rule knows keeps its category's
 * motif. Colours are #rrggbb (product-art.ts shades them).
 */
export type Shape =
  /** Round produce with a leafy top (tomatoes, onions, cabbage). */
  | 'round'
  /** Ovals with a stalk (mangoes, pawpaw, avocado). */
  | 'oval'
  /** Long curved fingers hanging from a stalk (plantain). */
  | 'fingers'
  /** Long thin pods lying on the ground (okra, peppers). */
  | 'pods'
  /** A bunch of broad leaves (kontomire). */
  | 'leaves';

export interface Look {
  shape: Shape;
  colours: string[];
}

const RULES: [words: RegExp, look: Look][] = [
  [/plantain|banana/i, { shape: 'fingers', colours: ['#7cb342', '#9ccc65', '#c0ca33', '#fbc02d'] }],
  [/kontomire|cocoyam leaves|spinach|ayoyo/i, { shape: 'leaves', colours: ['#2e7d32', '#388e3c', '#1b5e20', '#43a047'] }],
  [/okra/i, { shape: 'pods', colours: ['#558b2f', '#689f38', '#7cb342'] }],
  [/pepper|shito/i, { shape: 'pods', colours: ['#d32f2f', '#e53935', '#c62828', '#f57c00'] }],
  [/tomato/i, { shape: 'round', colours: ['#e5412f', '#d62f2f', '#c62828'] }],
  [/onion|shallot/i, { shape: 'round', colours: ['#7b3f8c', '#8e4f8c', '#a05a8f'] }],
  [/cabbage|lettuce/i, { shape: 'round', colours: ['#9ccc65', '#aed581', '#8bc34a'] }],
  [/garden egg|eggplant/i, { shape: 'oval', colours: ['#f2f0e6', '#e6efc9', '#f5f5dc'] }],
  [/pineapple/i, { shape: 'oval', colours: ['#d4a017', '#c8961a', '#e0b02a'] }],
  [/mango/i, { shape: 'oval', colours: ['#7cc242', '#f4a300', '#ffb347', '#e0772e'] }],
  [/pawpaw|papaya/i, { shape: 'oval', colours: ['#f5a623', '#9ccc65', '#ff9f1c'] }],
  [/orange/i, { shape: 'round', colours: ['#ff9f1c', '#f7a21b', '#9ccc65'] }],
  [/watermelon/i, { shape: 'oval', colours: ['#2e7d32', '#388e3c', '#43a047'] }],
  [/coconut/i, { shape: 'round', colours: ['#8d6e63', '#795548', '#6d4c41'] }],
  [/avocado/i, { shape: 'oval', colours: ['#33691e', '#558b2f', '#3e5f1f'] }],
];

/** The look a product's name asks for, or undefined to draw its category's motif. */
export function lookOf(name: string): Look | undefined {
  return RULES.find(([words]) => words.test(name))?.[1];
}
