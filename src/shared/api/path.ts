import type { ApiRouteKey, ApiRoutes } from './index';
import type { ClientInput } from './route';

/**
 * The path with its parameters filled in, each encoded: fillPath('/orders/:id', { id: 7 }) is
 * '/orders/7'. A file of its own with no imports, so the first screen's client pays for it alone.
 */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs its :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A declared route's input; optional when the route takes nothing the caller must give. */
export type InputArgs<K extends ApiRouteKey> = object extends ClientInput<ApiRoutes[K]> ? [input?: ClientInput<ApiRoutes[K]>] : [input: ClientInput<ApiRoutes[K]>];

/**
 * A declared route's request as the outbox stores it: its method, its path filled in (no
 * leading slash) and its body; the query, if any, goes beside it (the client's searchParams). Typed by the route's key, so a renamed path or field fails
 * typecheck here as it does for a direct call.
 */
export function requestFor<K extends ApiRouteKey>(key: K, ...[input]: InputArgs<K>): { method: ApiRoutes[K]['method']; path: string; body: ClientInput<ApiRoutes[K]>['body'] } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as ApiRoutes[K]['method'];
  const path = fillPath(key.slice(space + 1), input?.params as Record<string, string | number> | undefined).slice(1);
  return { method, path, body: input?.body as ClientInput<ApiRoutes[K]>['body'] };
}

