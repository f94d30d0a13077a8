/** What the sign-in and sign-up pages are handed: where the visitor was going, and why they came. */
export interface ReturnState {
  from?: string;
  error?: string;
}

/** Where to go after signing in or up: the remembered page, never back to an account screen. */
export function returnPath(state: ReturnState | null | undefined): string {
  const from = state?.from;
  if (!from || !from.startsWith('/') || from.startsWith('//') || /^\/(signin|signup)\b/.test(from)) return '/';
  return from;
}
