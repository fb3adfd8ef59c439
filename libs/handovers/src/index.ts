/*
 * What one Lectern process hands another through the shared PostgreSQL or Redis, when that is neither a queue's
 * machinery (@lectern/queue-runtime) nor a table's queries (@lectern/db): each module is the one place both
 * sides of a hand-over agree on its key, layout or format.
 */
export * from './ai-engine-status';
export * from './counters/dropped-citations';
export * from './counters/youtube-blocks';
export * from './dev-mail';
export * from './export-hand-over';
export * from './media-store';
export * from './stripe-event-jobs';
export * from './transcript-answer';
