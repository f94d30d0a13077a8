import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/context';
import { authRoutes } from './auth-routes';
import { contactRoutes } from './contact-routes';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile-routes';
import { registrationRoutes } from './registration-routes';
import { smsSignInRoutes } from './sms-sign-in';

/** Accounts: sign-in and sessions, sign-up and e-mail codes, passwords, profile, addresses, e-mail and phone changes, sign-in by SMS code. */
export function accountsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.route('/', authRoutes(deps));
  app.route('/', registrationRoutes(deps));
  app.route('/', passwordRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', contactRoutes(deps));
  app.route('/', smsSignInRoutes(deps));
  return app;
}
