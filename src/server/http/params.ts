import { idParamSchema } from '../../shared/schemas/catalogue';
import { notFound } from './errors';
import { parseOrThrow } from './validate';

/** A path id that is not a number names nothing: 404, like an id that does not exist. */
export function parseIdOr404(raw: string, message: string): number {
  try {
    return parseOrThrow(idParamSchema, raw);
  } catch {
    throw notFound(message);
  }
}
