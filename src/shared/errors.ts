/** The one error shape every API failure answers with. */
export interface ApiErrorBody {
  message: string;
  code: string;
  fieldErrors?: Record<string, string>;
}

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  tokenExpired: 'token_expired',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  busy: 'busy',
  internal: 'internal_error',
} as const;
