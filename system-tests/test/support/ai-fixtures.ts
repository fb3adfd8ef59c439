import type { RunningQueueWorker } from '@lectern/queue-runtime';
import { DataSource } from 'typeorm';
import { startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { startFakeYouTube, type FakeYouTube } from '@lectern/fakes/youtube';
import {
  type GatewayEnvInput,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from '../../../services/gateway/test/support';
import type { AiTestWorkerOptions } from './test-workers';
import { signedInBrowser, watchUrl } from './library-fixtures';
import { startTestWorkers, stopTestWorkers } from './test-workers';

export const FAKE_OPENAI_KEY = 'sk-lectern-test-4f8a1c2e9b7d';
export const FAKE_OPENAI_MODEL = 'gpt-4o-mini';

export interface AiStack {
  gateway: TestGateway;
  youtube: FakeYouTube;
  /** Present when the ai worker writes through the OpenAI-compatible engine. */
  openAi: FakeOpenAi | null;
  workers: RunningQueueWorker[];
  /** The one address in this gateway's ADMIN_EMAILS: admins are made by configuration, never in the database. */
  adminEmail: string;
  close(): Promise<void>;
}

export interface AiStackOptions {
  /** The OpenAI-compatible engine against the fake provider; the offline engine otherwise. */
  engine: 'offline' | 'openai';
  ai?: Omit<AiTestWorkerOptions, 'openAiBaseUrl' | 'openAiApiKey' | 'openAiModel'>;
  /** Gateway variables, e.g. the per-user job limits. */
  gateway?: Partial<Record<keyof GatewayEnvInput, string>>;
}

/** The gateway with every real worker, a fake YouTube and, for the OpenAI-compatible engine, a fake provider. */
export async function startAiStack(options: AiStackOptions): Promise<AiStack> {
  const youtube = await startFakeYouTube({ slowDelayMs: 2500 });
  const openAi =
    options.engine === 'openai'
      ? await startFakeOpenAi({ apiKey: FAKE_OPENAI_KEY, model: FAKE_OPENAI_MODEL })
      : null;
  const adminEmail = uniqueEmail('admin');
  const gateway = await startTestGateway({ ADMIN_EMAILS: adminEmail, ...options.gateway });
  const workers = await startTestWorkers(gateway.env, {
    youtubeOrigin: youtube.url,
    youtubeTimeoutMs: 5000,
    ...(openAi
      ? { openAiBaseUrl: openAi.baseURL, openAiApiKey: FAKE_OPENAI_KEY, openAiModel: FAKE_OPENAI_MODEL }
      : {}),
    ...options.ai,
  });
  return {
    gateway,
    youtube,
    openAi,
    workers,
    adminEmail,
    async close() {
      await stopTestWorkers(workers);
      await gateway.close();
      await openAi?.close();
      await youtube.close();
    },
  };
}

export type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

/** A signed-in user on the given plan, with one analysed video in the library. */
export async function userWithVideo(
  stack: AiStack,
  options: { plan?: 'free' | 'pro' | 'admin'; youtubeId?: string; label?: string } = {},
): Promise<{ user: Browser; videoId: string }> {
  const label = options.label ?? options.plan ?? 'free';
  const user =
    options.plan === 'admin'
      ? await signedInBrowser(stack.gateway, label, stack.adminEmail)
      : await signedInBrowser(stack.gateway, label);
  if (options.plan === 'pro') await sql(stack, "UPDATE users SET plan = 'pro' WHERE id = $1", [user.userId]);
  const analysed = await user
    .post('/api/transcripts/fetch')
    .send({ youtubeUrl: watchUrl(options.youtubeId ?? 'hashtables1') });
  if (analysed.status !== 200)
    throw new Error(`analysing failed: ${analysed.status} ${JSON.stringify(analysed.body)}`);
  return { user, videoId: analysed.body.id as string };
}

export function sql<T = unknown>(stack: AiStack, query: string, parameters: unknown[] = []): Promise<T[]> {
  return stack.gateway.app.get(DataSource).query<T[]>(query, parameters);
}

export async function storedItemCount(stack: AiStack, videoId: string): Promise<number> {
  const [row] = await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM ai_content WHERE video_id = $1', [
    videoId,
  ]);
  return Number(row?.n ?? 0);
}
