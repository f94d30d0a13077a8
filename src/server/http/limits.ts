import { IncomingMessage } from 'node:http';
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

/** The most of an unread request body drained before answering; past it the answer closes the connection. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const DRAIN_MAX_MS = 20_000;

/**
 * An answer given before the request's body has arrived (an early 413, 429, 401 or 404)
 * waits for the rest of the body, read and thrown away. Answered early, @hono/node-server
 * drains the body for only 500 ms and then destroys the socket: a slow upload, or the next
 * request already sent on that keep-alive connection, then got no answer at all (seen in
 * the fuzzing over a real socket). A body too large or too slow to wait for gets its
 * answer with `Connection: close`, so the client does not send more on that connection.
 */
export function answerAfterTheBody() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || !(incoming instanceof IncomingMessage) || incoming.complete || incoming.readableEnded || incoming.destroyed) return;
    if (!(await drained(incoming))) c.res.headers.set('Connection', 'close');
  });
}

function drained(incoming: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (whole: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onFail = () => done(false);
    const onClose = () => done(incoming.complete);
    const timer = setTimeout(onFail, DRAIN_MAX_MS);
    // The answer is given: whoever began reading the body (the web stream @hono/node-server
    // wraps it in pauses it once its queue is full) will not read on, so drop them, as Node's
    // own dump of an unread body does.
    incoming.removeAllListeners('data');
    incoming.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onClose);
    incoming.resume();
  });
}
