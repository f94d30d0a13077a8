import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/context';

export function submissionsRoutes(_deps: Deps) {
  const app = new Hono<AppEnv>();
  return app;
}
