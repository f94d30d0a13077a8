import type { ApiRouteKey } from '../../src/shared/api';
import { requestFor } from '../../src/shared/api/path';

type Spy = (path: string, body?: unknown) => unknown;

/**
 * A mocked API client's `call` (src/local/api.ts), handed to the mock's own get/post/… spies
 * the way the string calls were made: the path filled in, no leading slash (a query after `?`),
 * and the body. Tests keep asserting `post('auth/login', { … })`.
 */
export function callThrough(spies: Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Spy>>) {
  return (key: string, input?: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown }) => {
    const { method, path, body } = requestFor(key as ApiRouteKey, input as never);
    const entries = Object.entries(input?.query ?? {}).filter(([, value]) => value !== undefined);
    const query = entries.length ? `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}` : '';
    const spy = spies[method.toLowerCase() as Lowercase<typeof method>];
    if (!spy) throw new Error(`the mocked client has no ${method} for ${key}`);
    return method === 'GET' || (method === 'DELETE' && body === undefined) ? spy(path + query) : spy(path + query, body);
  };
}
