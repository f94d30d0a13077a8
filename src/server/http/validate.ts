import type { Context } from 'hono';
import type * as v from 'valibot';
import { parseWith } from '../../shared/schemas/parse';
import { createMiddleware } from 'hono/factory';
import { badRequest } from './errors';

const NUL_MESSAGE = 'Text may not contain NUL characters.';

/** Whether any text in a parsed input holds a NUL, which PostgreSQL cannot store in text. */
function hasNul(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return input.includes('\u0000');
  if (depth > 20 || typeof input !== 'object' || input === null) return false;
  return Object.entries(input).some(([key, value]) => key.includes('\u0000') || hasNul(value, depth + 1));
}

/** Path parameters go to queries unparsed (payment references): a NUL in the path is refused first. */
export const refuseNulInPath = createMiddleware(async (c, next) => {
  if (/%00/.test(new URL(c.req.url).pathname)) throw badRequest(NUL_MESSAGE);
  await next();
});

/** Parses c.req.query() with a shared schema, or throws a 400 naming the field. */
export function parseQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseOrThrow(schema, c.req.query());
}

export async function parseBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON.');
  }
  return parseOrThrow(schema, body);
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (hasNul(input)) throw badRequest(NUL_MESSAGE);
  const result = parseWith(schema, input);
  if (!result.ok) throw badRequest(result.error.message, result.error.fieldErrors);
  return result.value;
}
