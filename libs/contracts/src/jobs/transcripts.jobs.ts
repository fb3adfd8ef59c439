import type { PingJob } from './common';

/** The jobs the transcripts worker handles. */
export interface TranscriptsJobs {
  ping: PingJob;
}
