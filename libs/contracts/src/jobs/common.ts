import type { QueueName } from '../queues';

/** One job kind: what the producer sends and what the worker answers. */
export interface JobKind<Data, Result> {
  data: Data;
  result: Result;
}

/** Every queue answers `ping` (in the queue runtime): the request-reply path's smoke test and a liveness probe. */
export interface PingData {
  sentAt: number;
}
export interface PingResult {
  service: QueueName;
  pid: number;
  receivedAt: number;
}
export type PingJob = JobKind<PingData, PingResult>;
