import { HttpException } from '@nestjs/common';
import type { QueueName, User } from '@lectern/contracts';
import { insertTranscriptIfAbsent, type Db, type NewTranscript, type UsageKind } from '@lectern/db';
import {
  createLogger,
  JobRequestError,
  startQueueWorker,
  type JobHandlers,
  type RunningQueueWorker,
} from '@lectern/queue-runtime';
import { DB } from '../../src/database/database.module';
import { eventually } from './eventually';
import { signedInBrowser } from './signed-in-browser';
import type { TestGateway } from './test-gateway';

// For tests of the gateway's services taken from a running test gateway: its accounts, its database, and the
// workers' side of its jobs.

/** The gateway's database, for a test's fixtures and checks. */
export function gatewayDb(gateway: TestGateway): Db {
  return gateway.app.get<Db>(DB);
}

/** How many rows of a recording are left: its transcript's and its own (none once its library entry is deleted). */
export async function rowsOfRecording(
  gateway: TestGateway,
  mediaId: string,
): Promise<{ transcripts: number; recordings: number }> {
  const { rows } = await gatewayDb(gateway).query<{ transcripts: number; recordings: number }>(
    `SELECT (SELECT count(*)::int FROM transcripts WHERE media_id = $1) AS transcripts,
            (SELECT count(*)::int FROM media_files WHERE id = $1) AS recordings`,
    [mediaId],
  );
  return rows[0]!;
}

/** A new account on a plan (an admin is one granted by hand), as a signed-in request carries it. */
export async function accountOn(gateway: TestGateway, plan: 'free' | 'pro' | 'admin'): Promise<User> {
  const browser = await signedInBrowser(gateway, plan);
  const db = gatewayDb(gateway);
  if (plan === 'pro') await db.query("UPDATE users SET plan = 'pro' WHERE id = $1", [browser.userId]);
  if (plan === 'admin')
    await db.query("UPDATE users SET admin_granted_at = now(), role = 'admin' WHERE id = $1", [
      browser.userId,
    ]);
  const me = await browser.get('/api/auth/me');
  if (me.status !== 200) throw new Error(`reading the account failed: ${me.status}`);
  return me.body as User;
}

/** Records `count` uses of a kind for the user, in the current month (UTC) unless told which. */
export async function recordUses(
  db: Db,
  userId: string,
  kind: UsageKind,
  count: number,
  month?: string,
): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (user_id, kind, month, subject_id)
     SELECT $1, $2, coalesce($3, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')), gen_random_uuid()
       FROM generate_series(1, $4::int)`,
    [userId, kind, month ?? null, count],
  );
}

/** The uses the user's running jobs hold (usage_reservations rows). */
export async function reservationsOf(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query('SELECT 1 FROM usage_reservations WHERE user_id = $1', [userId]);
  return rows.length;
}

/** A transcript in the shared cache, as the transcripts worker stores it; answers its id. */
export async function cacheTranscript(
  db: Db,
  youtubeId: string,
  overrides: Partial<NewTranscript> = {},
): Promise<string> {
  const text = `A lecture about ${youtubeId}.`;
  const id = await insertTranscriptIfAbsent(db, {
    youtube_id: youtubeId,
    title: `Lecture ${youtubeId}`,
    channel_name: 'Lectures',
    thumbnail_url: null,
    duration: 60,
    caption_language: 'en',
    captions_auto_generated: false,
    caption_tracks_json: '[]',
    segment_count: 1,
    segments_json: JSON.stringify([{ start: 0, duration: 5, text }]),
    transcript_text: text,
    ...overrides,
  });
  if (!id) throw new Error(`a transcript of ${youtubeId} is already cached`);
  return id;
}

/**
 * A real queue worker on the gateway's Redis prefix whose handlers answer as the service's worker would, so a
 * test decides what each job answers without running the worker service. Jobs the test gives no handler for
 * are never asked of it.
 */
export function startAnsweringWorker<Q extends QueueName>(
  gateway: TestGateway,
  queue: Q,
  handlers: Partial<JobHandlers<Q>>,
): Promise<RunningQueueWorker> {
  return startQueueWorker({
    queue,
    handlers: handlers as JobHandlers<Q>,
    redisUrl: gateway.env.REDIS_URL,
    prefix: gateway.env.REDIS_PREFIX,
    concurrency: 16,
    logger: createLogger('answering-worker', 'silent'),
    runningJobsGraceMs: 1_000,
  });
}

/** Jobs a handler holds until the test lets them finish; counts the jobs that reached it. */
export class HeldJobs {
  private waiting: (() => void)[] = [];
  private opened = false;
  arrived = 0;

  /** Awaited by a handler: returns once the test opens the gate. */
  async pass(): Promise<void> {
    this.arrived += 1;
    if (this.opened) return;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Lets every held job finish, and every later one through. */
  open(): void {
    this.opened = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  get held(): number {
    return this.waiting.length;
  }

  /** Resolves once at least `count` jobs are held. */
  holding(count: number): Promise<number> {
    return eventually(
      () => Promise.resolve(this.held),
      (held) => held >= count,
    );
  }
}

export interface Refusal {
  status: number;
  message: string;
}

/** 'answered', or the status and message a refused request is answered with (a failed job keeps its own). */
export async function outcomeOf(work: Promise<unknown>): Promise<'answered' | Refusal> {
  try {
    await work;
    return 'answered';
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), message: error.message };
    if (error instanceof JobRequestError) return { status: error.status, message: error.message };
    throw error;
  }
}

export async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const outcome = await outcomeOf(work);
  if (outcome === 'answered') throw new Error('expected a refusal, but the request was answered');
  return outcome;
}
