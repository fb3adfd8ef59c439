/** The gateway's ioredis client (rate limits, worker heartbeats). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
/** The gateway's second ioredis client: the session store's, whose commands wait out a reconnection. */
export const SESSION_REDIS_CLIENT = Symbol('SESSION_REDIS_CLIENT');
