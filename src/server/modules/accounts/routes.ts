import type { Deps } from '../../http/context';
import { authRoutes } from './auth-routes';
import { contactRoutes } from './contact-routes';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile-routes';
import { registrationRoutes } from './registration-routes';
import { smsSignInRoutes } from './sms-sign-in';

/**
 * Accounts (declared in shared/api/accounts.ts): sign-in and sessions, sign-up and e-mail
 * codes, passwords, profile, addresses, e-mail and phone changes, sign-in by SMS code.
 */
export function accountsRoutes(deps: Deps) {
  return [...authRoutes(deps), ...registrationRoutes(deps), ...passwordRoutes(deps), ...profileRoutes(deps), ...contactRoutes(deps), ...smsSignInRoutes(deps)];
}
