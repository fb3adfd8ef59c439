import type { QueueName } from '../queues';
import type { AiJobs } from './ai.jobs';
import type { BillingJobs } from './billing.jobs';
import type { ExportJobs } from './export.jobs';
import type { MailJobs } from './mail.jobs';
import type { TranscriptsJobs } from './transcripts.jobs';

/** The one typed catalogue of jobs: producers and workers compile against it. */
export interface JobCatalogue {
  transcripts: TranscriptsJobs;
  ai: AiJobs;
  export: ExportJobs;
  billing: BillingJobs;
  mail: MailJobs;
}

export type JobNameOf<Q extends QueueName> = keyof JobCatalogue[Q] & string;
type KindOf<Q extends QueueName, N extends JobNameOf<Q>> = JobCatalogue[Q][N];
export type JobDataOf<Q extends QueueName, N extends JobNameOf<Q>> =
  KindOf<Q, N> extends { data: infer D } ? D : never;
export type JobResultOf<Q extends QueueName, N extends JobNameOf<Q>> =
  KindOf<Q, N> extends { result: infer R } ? R : never;
