import type { Options } from 'ky';
import type { ApiRouteKey } from '../../src/shared/api';
import { requestFor } from '../../src/shared/api/path';

type Verb = (path: string, ...rest: unknown[]) => unknown;
/** The old verb methods a screen test mocks on the app's client (only those it uses). */
export interface VerbMocks {
  get?: Verb;
  post?: Verb;
  put?: Verb;
  patch?: Verb;
  delete?: Verb;
  form?: Verb;
}

export interface CallThroughOptions {
  /**
   * Where the query goes: after the path (`orders?page=1`, the default), or as ky's
   * `{ searchParams }` beside it, with the call's own options (`{ signal }`).
   */
  query?: 'in-path' | 'searchParams';
}

type CallInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; form?: FormData };

/**
 * A mocked client's `call` (src/local/api.ts) for a screen test that answers the verbs
 * (`get(path)`, `post(path, body)`): the declared route's request (src/shared/api/path.ts fills
 * its path, no leading slash) goes to the mock of its method, with the arguments the string calls
 * passed, so the test's expectations on paths and bodies stay as they were. The body is passed
 * only when there is one. `mocks` may be a function, read at each call, so a vi.mock factory can
 * name mocks made after it.
 */
export function callThrough(mocks: VerbMocks | (() => VerbMocks), options: CallThroughOptions = {}) {
  return (key: ApiRouteKey | string, input?: CallInput, init?: Options): unknown => {
    const { method, path, body } = requestFor(key as never, input as never) as { method: string; path: string; body: unknown };
    const query = Object.entries(input?.query ?? {}).filter(([, value]) => value !== undefined);
    let url = path;
    let extra: unknown[] = [];
    if (options.query === 'searchParams') {
      const withQuery = { ...init, ...(input?.query ? { searchParams: Object.fromEntries(query) } : {}) };
      extra = Object.keys(withQuery).length ? [withQuery] : [];
    } else if (query.length) {
      url = `${path}?${new URLSearchParams(query.map(([name, value]) => [name, String(value)])).toString()}`;
    }
    const verbs = typeof mocks === 'function' ? mocks() : mocks;
    const name = (input?.form ? 'form' : method.toLowerCase()) as keyof VerbMocks;
    const send = verbs[name];
    if (!send) return Promise.reject(new Error(`The test mocks no api.${name} for ${method} ${url}`));
    if (input?.form) return send(url, input.form, ...extra);
    return body === undefined && (method === 'GET' || method === 'DELETE' || !extra.length) ? send(url, ...extra) : send(url, body, ...extra);
  };
}
