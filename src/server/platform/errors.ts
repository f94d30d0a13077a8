import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES } from '../../shared/errors';

/** Thrown anywhere in a request; app.onError turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string = codeFor(status),
    readonly fieldErrors?: Record<string, string>,
    /** Sent with the error, e.g. Retry-After on a 503 that sheds load. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400: return ERROR_CODES.badRequest;
    case 401: return ERROR_CODES.unauthorized;
    case 403: return ERROR_CODES.forbidden;
    case 404: return ERROR_CODES.notFound;
    case 409: return ERROR_CODES.conflict;
    case 413: return ERROR_CODES.tooLarge;
    case 429: return ERROR_CODES.rateLimited;
    case 503: return ERROR_CODES.busy;
    default: return ERROR_CODES.internal;
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors ? ERROR_CODES.validation : ERROR_CODES.badRequest, fieldErrors);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
