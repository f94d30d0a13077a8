import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { ApiRouteKey, ApiRoutes } from '../shared/api';
import { requestFor, type InputArgs } from '../shared/api/path';
import type { AnswerOf, ClientInput } from '../shared/api/route';
import type { ApiErrorBody } from '../shared/errors';
import { reportReached, reportUnreachable } from './network';
import { responseBytes } from './usage';
import { i18n } from '../shared/i18n';

export const REQUEST_TIMEOUT_MS = 10_000;

/** The one error type every API failure becomes on the client. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }

  /** No answer at all (offline, time-out, DNS): worth retrying later. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export interface ApiAuth {
  /** The bearer token to send, if signed in. */
  accessToken(): Promise<string | undefined>;
  /** Called once on a 401; resolves true when a new access token is ready. */
  refresh(): Promise<boolean>;
}

export interface ApiClientOptions {
  /** Origin the API lives on; '' means the page's own origin. */
  origin?: string;
  fetch?: typeof fetch;
  auth?: ApiAuth;
  /** Told what every answer weighed (for the data used this month). */
  onResponseBytes?: (bytes: number) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;


/**
 * ky with our conventions: JSON only, 10 s time-out, bearer token, one refresh on 401. Every
 * outcome tells src/local/network.ts whether the server was reached (see ourAnswer).
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const prefix = `${options.origin ?? ''}/api/v1/`;
  const http: KyInstance = ky.create({
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    // Dexie is the phone's cache. The browser's HTTP cache may keep a public read for a few
    // seconds (Cache-Control max-age), which would hide the user's own write right after it;
    // no-cache revalidates every time, a bodiless 304 when nothing changed.
    cache: 'no-cache',
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        async (request) => {
          const token = await options.auth?.accessToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          const count = options.onResponseBytes;
          if (count) void responseBytes(response).then(count, () => undefined);
        },
      ],
    },
  });

  async function request<T>(path: string, init: Options & { method: string }, retried = false): Promise<T> {
    let response: Response;
    try {
      response = await http(prefix + path.replace(/^\//, ''), init);
    } catch (error) {
      if (error instanceof HTTPError) {
        reportOutcome(error.response);
        if (error.response.status === 401 && !retried && options.auth && (await options.auth.refresh())) {
          return request<T>(path, init, true);
        }
        throw await toApiError(error.response);
      }
      // The caller gave up (a page left, the replayer stopped): that says nothing about the network.
      if (!(error instanceof Error && error.name === 'AbortError')) reportUnreachable();
      throw new ApiError(networkMessage(error), 0, 'network_error');
    }
    reportOutcome(response);
    if (response.status === 204 || response.status === 304) return undefined as T;
    if (!response.headers.get('content-type')?.includes('application/json')) {
      throw new ApiError('Unexpected content type', response.status, 'unexpected_content_type');
    }
    return (await response.json()) as T;
  }

  return {
    request,
    /** Calls a declared route (src/shared/api) by its key: `call('PATCH /shop/cart/items/:id', { params: { id }, body })`. */
    call<K extends ApiRouteKey>(key: K, ...args: [...InputArgs<K>, init?: Options]): Promise<AnswerOf<ApiRoutes[K]>> {
      const [input, init] = args as unknown as [ClientInput<ApiRoutes[K]> | undefined, Options | undefined];
      const { method, path, body } = requestFor(key, ...([input] as InputArgs<K>));
      const { form, query } = (input ?? {}) as { form?: FormData; query?: Record<string, unknown> };
      const searchParams = query ? searchParamsOf(query) : undefined;
      return request(path, { ...init, method, ...(searchParams ? { searchParams } : {}), ...(form ? { body: form } : body !== undefined ? { json: body } : {}) });
    },
    get: <T>(path: string, init: Options = {}) => request<T>(path, { ...init, method: 'GET' }),
    post: <T>(path: string, json?: unknown, init: Options = {}) => request<T>(path, { ...init, method: 'POST', json }),
    patch: <T>(path: string, json?: unknown, init: Options = {}) => request<T>(path, { ...init, method: 'PATCH', json }),
    put: <T>(path: string, json?: unknown, init: Options = {}) => request<T>(path, { ...init, method: 'PUT', json }),
    delete: <T>(path: string, init: Options = {}) => request<T>(path, { ...init, method: 'DELETE' }),
    /** multipart/form-data, for image uploads. */
    form: <T>(path: string, form: FormData, init: Options & { method?: string } = {}) =>
      request<T>(path, { ...init, method: init.method ?? 'POST', body: form }),
  };
}

/** A declared route's query as the request sends it: each value given, as text. */
export function searchParamsOf(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));
}

/**
 * Our API answers JSON (or nothing, 204/304). Anything else came from something between the
 * phone and us: a captive network's login page, a proxy's error page. That is not online.
 */
function ourAnswer(response: Response): boolean {
  return response.status === 204 || response.status === 304 || Boolean(response.headers.get('content-type')?.includes('application/json'));
}

function reportOutcome(response: Response): void {
  if (ourAnswer(response)) reportReached();
  else reportUnreachable();
}

async function toApiError(response: Response): Promise<ApiError> {
  if (!response.headers.get('content-type')?.includes('application/json')) {
    return new ApiError(
      response.status >= 500 ? offlineWords('offline.server', 'The server is having trouble. Please try again.') : 'Unexpected content type',
      response.status,
      'unexpected_content_type',
    );
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  return new ApiError(body.message ?? `Request failed (${response.status})`, response.status, body.code ?? 'error', body.fieldErrors);
}

function networkMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return offlineWords('offline.slow', 'The network is too slow right now. Please try again.');
  return offlineWords('offline.network', 'You appear to be offline.');
}

/**
 * The client's own words for a network that failed, in the reader's language. They live with
 * the pages' messages, which the home does not load: there, until they are, the English
 * (the same as the English catalogue's) is said instead of the message's id.
 */
const offlineWords = (id: 'offline.server' | 'offline.slow' | 'offline.network', english: string): string => i18n._({ id, message: english });
