import type { PingJob } from './common';

/** The jobs the ai worker handles. */
export interface AiJobs {
  ping: PingJob;
}
