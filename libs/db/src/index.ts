/*
 * One home for each table's data access: `tables/<table>.ts` holds the row type and every query of that table
 * (a query joining tables lives with the table it answers about), named for what it does.
 *
 * The gateway and the workers all run plain SQL from here. The workers have no ORM, the row locks and
 * advisory locks that keep counted actions and billing race-free are SQL anyway, and one style means a table's
 * queries are read in one place. In the gateway TypeORM keeps the connection, transactions and migrations only:
 * `typeormDb(manager)` runs these functions in a gateway transaction, a `pg` Pool or client runs them in a worker.
 */
export * from './db';
export * from './locks';
export * from './pool';
export * from './tables/ai-content';
export * from './tables/ai-questions';
export * from './tables/course-ai-content';
export * from './tables/course-lectures';
export * from './tables/courses';
export * from './tables/deleted-stripe-customers';
export * from './tables/export-files';
export * from './tables/highlights';
export * from './tables/media-files';
export * from './tables/media-transcriptions';
export * from './tables/quiz-attempts';
export * from './tables/quiz-settings';
export * from './tables/review-cards';
export * from './tables/stripe-events';
export * from './tables/stripe-subscriptions';
export * from './tables/transcript-answers';
export * from './tables/transcripts';
export * from './tables/usage';
export * from './tables/user-tokens';
export * from './tables/users';
export * from './tables/video-progress';
export * from './tables/videos';
