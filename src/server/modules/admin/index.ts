/** The operator's desk, and the operator account made at start or by `npm run create-admin`. */
export { adminRoutes } from './routes';
export { ExistingAccountError, ensureAdmin } from './bootstrap';
