/** ioredis client whose keys all start with config.redis.keyPrefix (tests use a unique prefix). */
export const REDIS = Symbol('REDIS');
