import { Injectable, Logger } from '@nestjs/common';
import { laneQueueName, QueueName, type JobDataOf, type JobNameOf, type Lane } from '@lectern/contracts';
import { jobOptionsFor, JobRequester } from '@lectern/queue-runtime';
import { withTimeout } from '../common/with-timeout';

type MailJob = Exclude<JobNameOf<typeof QueueName.Mail>, 'ping'>;

const QUEUE_TIMEOUT_MS = 3000;

/**
 * Hands mails to the mail worker through the `mail` queue: sending (and retrying while the mail server is
 * down) never happens inside a request. Nobody waits for the result.
 */
@Injectable()
export class MailOutbox {
  private readonly logger = new Logger(MailOutbox.name);

  constructor(private readonly requester: JobRequester) {}

  /** Queues the mail; throws when Redis cannot take it in time. */
  async send<N extends MailJob>(
    name: N,
    data: JobDataOf<typeof QueueName.Mail, N>,
    lane: Lane,
  ): Promise<void> {
    const queueName = laneQueueName(QueueName.Mail, lane);
    const queue = this.requester.queues().find((q) => q.name === queueName);
    if (!queue) throw new Error(`queue ${queueName} is not open`);
    await withTimeout(queue.add(name, data, jobOptionsFor(QueueName.Mail)), QUEUE_TIMEOUT_MS, 'Redis');
  }

  /** For mails the request succeeds without (the account exists either way): a failure is logged, not answered. */
  async trySend<N extends MailJob>(
    name: N,
    data: JobDataOf<typeof QueueName.Mail, N>,
    lane: Lane,
  ): Promise<void> {
    await this.send(name, data, lane).catch((error: unknown) =>
      this.logger.warn({ err: error, job: name }, 'mail not queued'),
    );
  }
}
