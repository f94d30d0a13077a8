import type { Context } from 'hono';
import type * as v from 'valibot';
import { parseWith } from '../../shared/schemas/parse';
import { badRequest } from './errors';

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
  const result = parseWith(schema, input);
  if (!result.ok) throw badRequest(result.error.message, result.error.fieldErrors);
  return result.value;
}
