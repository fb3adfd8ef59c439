export * from './entities';
export * from './api';
export * from './queues';
export type * from './jobs/common';
export type * from './jobs/catalogue';
export type * from './jobs/transcripts.jobs';
export type * from './jobs/ai.jobs';
export type * from './jobs/export.jobs';
export type * from './jobs/billing.jobs';
