import * as v from 'valibot';

export interface ParseFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** Runs a valibot schema and flattens its issues into one message per field. */
export function parseWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; error: ParseFailure } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  const first = result.issues[0];
  return { ok: false, error: { message: first?.message ?? 'Invalid input', fieldErrors } };
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
