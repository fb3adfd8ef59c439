import type { PingJob } from './common';

/** The jobs the export worker handles. */
export interface ExportJobs {
  ping: PingJob;
}
