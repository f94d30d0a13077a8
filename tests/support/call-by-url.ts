import { requestFor } from '../../src/shared/api/path';
import type { ApiRouteKey } from '../../src/shared/api';

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Mocks = Partial<Record<Verb, (...args: unknown[]) => unknown>>;

/**
 * For a screen test that answers the app's client by its verbs (`api.get(path)`, `api.post(path,
 * body)`): `api.call(key, input)` sent through those same mocks, as the real client sends it: the
 * path filled in (no leading slash), the query after it in the order given, the body only when
 * there is one. The mocks are read when a call is made, so the vi.mock factory may name them.
 */
export function callThrough(mocks: () => Mocks) {
  return (key: ApiRouteKey, input?: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown }) => {
    const { method, path, body } = requestFor(key as never, input as never) as { method: string; path: string; body: unknown };
    const query = Object.entries(input?.query ?? {}).filter(([, value]) => value !== undefined);
    const url = query.length ? `${path}?${new URLSearchParams(query.map(([name, value]) => [name, String(value)])).toString()}` : path;
    const send = mocks()[method.toLowerCase() as Verb];
    if (!send) return Promise.reject(new Error(`unexpected ${method} ${url}`));
    return body === undefined ? send(url) : send(url, body);
  };
}
