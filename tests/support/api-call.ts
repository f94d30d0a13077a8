import type { Options } from 'ky';
import { requestFor } from '../../src/shared/api/path';

type Verb = (path: string, ...rest: unknown[]) => unknown;
/** The old verb methods a page test mocks on src/web/lib/api (only those it uses). */
export interface VerbMocks {
  get?: Verb;
  post?: Verb;
  put?: Verb;
  patch?: Verb;
  delete?: Verb;
  form?: Verb;
}

/**
 * `api.call` for a page test that mocks the client's verbs: the declared route's request
 * (src/shared/api/path.ts fills its path) goes to the mock of its method with the arguments
 * the page used to pass by hand, so the test's expectations on paths and bodies stay as they were.
 */
export function callThrough(verbs: VerbMocks) {
  return (key: string, input?: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; form?: FormData }, init?: Options) => {
    const { method, path, body } = requestFor(key as never, input as never) as { method: string; path: string; body: unknown };
    const query = input?.query ? Object.fromEntries(Object.entries(input.query).filter(([, value]) => value !== undefined)) : undefined;
    const options = { ...init, ...(query ? { searchParams: query } : {}) };
    const extra = Object.keys(options).length ? [options] : [];
    const verb = (name: keyof VerbMocks): Verb => {
      const mock = verbs[name];
      if (!mock) throw new Error(`The test mocks no api.${name} for ${key}`);
      return mock;
    };
    if (input?.form) return verb('form')(path, input.form, ...extra);
    if (method === 'GET' || method === 'DELETE') return verb(method === 'GET' ? 'get' : 'delete')(path, ...extra);
    const name = method.toLowerCase() as 'post' | 'put' | 'patch';
    return body === undefined && !extra.length ? verb(name)(path) : verb(name)(path, body, ...extra);
  };
}
