import type { Context } from 'hono';
import type { ApiErrorBody } from '../../shared/errors';
import type { HttpError } from '../platform/errors';

// The errors live in platform/ so code below http (images, password hashing) may throw them;
// routes take them from here, beside the one function that writes them out.
export { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../platform/errors';

export function errorResponse(c: Context, error: HttpError) {
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}
