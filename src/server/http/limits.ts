import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { HttpError } from './errors';

/** The largest JSON body any call takes (the longest is a contact message or a listing's description). */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const smallBody = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new HttpError(413, `The request is too large: at most ${JSON_BODY_LIMIT_BYTES / 1024} KB.`);
  },
});

/**
 * Every API body is small, except on the routes that take images: those bring their own,
 * larger limit (submissions/uploads.ts) and are named by `takesUploads`. The limit counts the
 * bytes as they arrive, so a client that lies in Content-Length is cut off all the same.
 */
export function apiBodyLimit(takesUploads: (method: string, path: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || takesUploads(c.req.method, c.req.path)) return next();
    return smallBody(c, next);
  });
}
