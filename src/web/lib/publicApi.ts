import { createApiClient } from '../../local/api';

/**
 * Calls made before there is a session (sign-in, sign-up, codes, password recovery). They
 * must not carry a stale bearer token or try a refresh when the answer is a 401.
 */
export const publicApi = createApiClient();
