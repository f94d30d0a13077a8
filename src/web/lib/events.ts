/** Window events the shell listens to; kept apart so the first screen needs no data layer. */
export const SESSION_EXPIRED_EVENT = 'akuafo:session-expired';
export const UPDATE_READY_EVENT = 'akuafo:update-ready';
