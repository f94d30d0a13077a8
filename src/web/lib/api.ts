import { createApiClient } from '../../local/api';
import { setReachabilityProbe } from '../../local/network';
import { createSessionAuth } from '../../local/session';
import { recordUsage } from '../../local/usage';
import { SESSION_EXPIRED_EVENT } from './events';

/** The app's one API client. Session expiry is announced as an event the router listens to. */
const refreshClient = createApiClient();

export { SESSION_EXPIRED_EVENT };

export const api = createApiClient({
  auth: createSessionAuth(
    async (refreshToken) => (await refreshClient.call('POST /token/refresh', { body: { refreshToken } })).data,
    (message) => window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: message })),
  ),
  onResponseBytes: (bytes) => void recordUsage('data', bytes).catch(() => undefined),
});

// While requests fail, a small public read asks now and then whether the server is back.
setReachabilityProbe(() => api.call('GET /categories'));
