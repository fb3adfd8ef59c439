/** The gateway's ioredis client (rate limits, worker heartbeats). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
/** The node-redis client behind the session store (connect-redis speaks node-redis). */
export const SESSION_REDIS_CLIENT = Symbol('SESSION_REDIS_CLIENT');
