import type { PingJob } from './common';

/** The jobs the billing worker handles. */
export interface BillingJobs {
  ping: PingJob;
}
