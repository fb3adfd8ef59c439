/**
 * Queue names are a wire contract: jobs already in Redis outlive deployments, so never rename a value.
 * Each service's queue has two lanes; Pro and admin jobs go to the `pro` lane, which workers serve first
 * while still reserving a share of their capacity for the `free` lane.
 */
export const QueueName = {
  Transcripts: 'transcripts',
  Ai: 'ai',
  Export: 'export',
  Billing: 'billing',
  Mail: 'mail',
  Media: 'media',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);

export const LANES = ['pro', 'free'] as const;
export type Lane = (typeof LANES)[number];

/** The BullMQ queue behind one lane of a service's queue, e.g. `transcripts-pro`. */
export function laneQueueName(queue: QueueName, lane: Lane): string {
  return `${queue}-${lane}`;
}
