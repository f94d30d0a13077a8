/** The accounts module's face: what app.ts, deps.ts and other modules may use. */
export { accountsRoutes } from './routes';
export { createSessionCheck, revokeUserSessions } from './sessions';
export { changeUserRole } from './roles';
export { findUserById, insertUser } from './users';
export { createCodeHasher } from './codes';
export { confirmOwner, pendingValues, requestContactChange } from './contact-change';
export { CONTACT_CHANGE_RATE } from './contact-routes';
