import { createApiClient } from './api';
import { createSessionAuth } from './session';
import { recordUsage } from './usage';

/**
 * The API client used outside the page (the service worker): same conventions, and a
 * session expiry is reported to open pages instead of navigating.
 */
export function createBackgroundApiClient(onExpired: (message: string) => void) {
  const refreshClient = createApiClient();
  return createApiClient({
    auth: createSessionAuth(
      async (refreshToken) =>
        (await refreshClient.call('POST /token/refresh', { body: { refreshToken } })).data,
      onExpired,
    ),
    onResponseBytes: (bytes) => void recordUsage('data', bytes).catch(() => undefined),
  });
}
