import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/context';

export function accountsRoutes(_deps: Deps) {
  const app = new Hono<AppEnv>();
  return app;
}
