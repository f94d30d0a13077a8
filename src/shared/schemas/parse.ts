import * as v from 'valibot';
import { decodeCursor, type CursorKey, type CursorValues } from '../pagination';

export interface ParseFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** "phoneNumber" -> "Phone number"; the field a message is about. */
function fieldLabel(path: v.BaseIssue<unknown>['path']): string | undefined {
  const keys = (path ?? []).map((p) => p.key);
  const name = [...keys].reverse().find((k): k is string => typeof k === 'string');
  if (name === undefined) return undefined;
  const words = name.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  const index = keys.at(-1);
  return typeof index === 'number' ? `${label} (item ${index + 1})` : label;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  bigint: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be a list',
  tuple: 'must be a list',
  object: 'must be a group of fields',
  loose_object: 'must be a group of fields',
  strict_object: 'must be a group of fields',
  record: 'must be a group of fields',
  date: 'must be a date',
  integer: 'must be a whole number',
  min_length: 'is too short',
  max_length: 'is too long',
  min_value: 'is too small',
  max_value: 'is too large',
  min_size: 'is too short',
  max_size: 'is too long',
};

/** Marks an issue with no message of its own; replaced once its path is known (after the parse). */
const UNWORDED = '\u0000unworded';

/**
 * The words for an issue whose schema names no message of its own. Valibot's default
 * ("Invalid key: Expected \"address\" but received undefined") is for programmers; an API
 * client's user, like the forms' user, reads a sentence that names the field.
 */
export function personalMessage(issue: v.BaseIssue<unknown>): string {
  const label = fieldLabel(issue.path);
  if (!label) return issue.kind === 'schema' && /object/.test(issue.type) ? 'The request body must be a JSON object.' : 'The request is not valid.';
  if (issue.type === 'strict_object' && issue.expected === 'never') return `${label} is not a field this request takes.`;
  if (issue.received === 'undefined') return `${label} is required.`;
  if (['picklist', 'enum', 'literal'].includes(issue.type) && issue.expected) {
    const choices = issue.expected.replace(/^\(|\)$/g, '').split(' | ').map((c) => c.replace(/^"|"$/g, ''));
    return choices.length === 1 ? `${label} must be ${choices[0]}.` : `${label} must be one of: ${choices.join(', ')}.`;
  }
  return `${label} ${TYPE_WORDS[issue.type] ?? 'is not valid'}.`;
}

const wordsOf = (issue: v.BaseIssue<unknown>) => (issue.message === UNWORDED ? personalMessage(issue) : issue.message);

/** Runs a valibot schema and flattens its issues into one message per field. */
export function parseWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; error: ParseFailure } {
  const result = v.safeParse(schema, input, { message: () => UNWORDED });
  if (result.success) return { ok: true, value: result.output };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    if (!(key in fieldErrors)) fieldErrors[key] = wordsOf(issue);
  }
  const first = result.issues[0];
  return { ok: false, error: { message: first ? wordsOf(first) : 'Invalid input', fieldErrors } };
}

/** A whole-number query parameter given as text, within [min, max]. */
export function intParam(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+$/, message),
    v.transform(Number),
    v.number(),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/**
 * A sync cursor (?since=): a version the server handed out, 0 for a first pull. Versions are
 * PostgreSQL integers, so a larger one is forged: refused here, not an error in the query.
 */
export const cursorParam = (name: string) => v.optional(intParam(name, 0, 2_147_483_647), '0');

/** The one sentence of a keyset cursor that is not one this list handed out (forged, edited, another list's). */
export const CURSOR_NOT_VALID = 'This page’s cursor is not valid: load the list again from its first page.';

/**
 * ?cursor= of a keyset-paged list (shared/pagination.ts): absent for the first page, else a
 * nextCursor the list answered, decoded to its sort keys; anything else is a 400 with a sentence.
 */
export const keysetCursorParam = (keys: readonly CursorKey[]) =>
  v.optional(
    v.pipe(
      v.string(CURSOR_NOT_VALID),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const values = decodeCursor(dataset.value, keys);
        if (values === null) {
          addIssue({ message: CURSOR_NOT_VALID });
          return NEVER;
        }
        return values as CursorValues;
      }),
    ),
  );

/** ?page= (from 1) of any paginated list; the first page when absent. */
export const pageParam = () => v.optional(intParam('page', 1, 100_000), '1');

/** How many rows a page holds (?limit= or ?pageSize=): 1 to max, `fallback` when absent. */
export const pageSizeParam = (name: 'limit' | 'pageSize', max: number, fallback: number) => v.optional(intParam(name, 1, max), String(fallback));

/** A non-negative decimal query parameter given as text. */
export function decimalParam(name: string) {
  const message = `${name} must be a number of 0 or more`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+(\.\d{1,2})?$/, message),
    v.transform(Number),
  );
}
