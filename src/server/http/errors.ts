import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../shared/errors';
import type { Db } from '../platform/db';
import type { HttpError } from '../platform/errors';
import type { AppEnv } from './context';
import { inReadersLanguage } from './error-language';

// The errors live in platform/ so code below http (images, password hashing) may throw them;
// routes take them from here, beside the one function that writes them out.
export { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../platform/errors';

export function errorResponse(c: Context<AppEnv>, db: Db, error: HttpError) {
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return errorAnswer(c, db, body, error.status);
}

/** Every error answer goes out through here: in the reader's language (error-language.ts). */
export async function errorAnswer(c: Context<AppEnv>, db: Db, body: ApiErrorBody, status: ContentfulStatusCode) {
  // The same address answers in another language to another reader.
  c.header('Vary', 'Accept-Language, Cookie', { append: true });
  return c.json(await inReadersLanguage(c, db, body, status), status);
}
