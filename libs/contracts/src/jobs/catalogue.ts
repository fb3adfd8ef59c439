import type { QueueName } from '../queues';
import type { AiJobs } from './ai.jobs';
import type { BillingJobs } from './billing.jobs';
import type { PingJob } from './common';
import type { ExportJobs } from './export.jobs';
import type { MailJobs } from './mail.jobs';
import type { MediaJobs } from './media.jobs';
import type { TranscriptsJobs } from './transcripts.jobs';

/** The jobs each service's own handlers answer. */
export interface ServiceJobCatalogue {
  transcripts: TranscriptsJobs;
  ai: AiJobs;
  export: ExportJobs;
  billing: BillingJobs;
  mail: MailJobs;
  media: MediaJobs;
}

/** Jobs every queue answers: the queue runtime handles them itself, whatever the service. */
export interface CommonJobs {
  ping: PingJob;
}

/** The one typed catalogue of jobs: producers and workers compile against it. */
export type JobCatalogue = { [Q in QueueName]: ServiceJobCatalogue[Q] & CommonJobs };

export type JobNameOf<Q extends QueueName> = keyof JobCatalogue[Q] & string;
/** The jobs a service's handlers must answer (every job of its queue but the common ones). */
export type ServiceJobNameOf<Q extends QueueName> = Exclude<JobNameOf<Q>, keyof CommonJobs>;
type KindOf<Q extends QueueName, N extends JobNameOf<Q>> = JobCatalogue[Q][N];
export type JobDataOf<Q extends QueueName, N extends JobNameOf<Q>> =
  KindOf<Q, N> extends { data: infer D } ? D : never;
export type JobResultOf<Q extends QueueName, N extends JobNameOf<Q>> =
  KindOf<Q, N> extends { result: infer R } ? R : never;
