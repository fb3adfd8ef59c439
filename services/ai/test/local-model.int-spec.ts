import { createServer } from 'node:net';
import { portIsFree, startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { TranscriptIndex } from '@lectern/offline-engine';
import { LECTURE_TITLE, punctuatedLecture } from '@lectern/offline-engine/bench';
import { parseEnv } from '@lectern/queue-runtime';
import { createEngineSelector } from '../src/worker';
import { AiEngineEnvSchema } from '../src/engines/engine-config';
import type { EngineSelector, EngineSelectorOptions, EngineStatus } from '../src/engines/engine-selector';

// Ollama's usual port: Lectern looks there (and on LM Studio's and llama.cpp's) when it has no API key.
const OLLAMA_PORT = 11434;
const SUMMARY = {
  feature: 'summary',
  summaryLength: 'short',
  title: LECTURE_TITLE,
  segments: punctuatedLecture,
} as const;

interface Logged {
  level: 'info' | 'warn';
  fields: object;
  message: string;
}

function recordingLogger(logged: Logged[]): EngineSelectorOptions['logger'] {
  const at =
    (level: Logged['level']) =>
    (fields: object, message: string): void => {
      logged.push({ level, fields, message });
    };
  return { info: at('info'), warn: at('warn') } as unknown as EngineSelectorOptions['logger'];
}

/** A port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function portOf(fake: FakeOpenAi): number {
  return Number(new URL(fake.baseURL).port);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a local model server when there is no API key', () => {
  let fake: FakeOpenAi | null = null;
  let selector: EngineSelector | null = null;
  const logged: Logged[] = [];
  const changes: EngineStatus[] = [];

  function select(env: Record<string, string>, tuning: Partial<EngineSelectorOptions> = {}): EngineSelector {
    selector = createEngineSelector(parseEnv(AiEngineEnvSchema, env), recordingLogger(logged), {
      // Far above what a probe takes even on a busy machine: no test here waits on this timeout.
      probeTimeoutMs: 10_000,
      recheckMs: 200,
      onChange: (status) => changes.push(status),
      ...tuning,
    });
    selector.start();
    return selector;
  }

  afterEach(async () => {
    selector?.stop();
    selector = null;
    await fake?.close();
    fake = null;
    logged.length = 0;
    changes.length = 0;
  });

  it('finds the server, lists its models, and writes with its chat model, not its embedding model', async () => {
    fake = await startFakeOpenAi({ models: ['nomic-embed-text:latest', 'llama3.2:latest'] });
    const engines = select({}, { candidates: [`http://127.0.0.1:${await closedPort()}/v1`, fake.baseURL] });

    const result = await engines.generate(SUMMARY);

    expect(result).toMatchObject({ engine: 'openai', model: 'llama3.2:latest' });
    expect(fake.requests.map((request) => [request.model, request.problem])).toEqual([
      ['llama3.2:latest', null],
    ]);
    expect(engines.status()).toEqual({
      engine: 'openai',
      model: 'llama3.2:latest',
      server: new URL(fake.baseURL).host,
    });
    expect(changes.at(-1)).toEqual(engines.status());
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'ai engine selected', fields: engines.status() }),
    );
  });

  it('writes with OPENAI_MODEL when the server has it, and with the server at OPENAI_BASE_URL alone', async () => {
    fake = await startFakeOpenAi({ models: ['llama3.2:latest', 'mistral:latest'] });
    const engines = select({ OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'mistral' });

    expect(
      await engines.ask({
        question: 'What is spaced repetition?',
        index: new TranscriptIndex(punctuatedLecture),
      }),
    ).toMatchObject({
      engine: 'openai',
      model: 'mistral:latest',
    });
  });

  it('falls back to the offline engine with one warning when the server goes away, and uses it again when it returns', async () => {
    fake = await startFakeOpenAi({ models: ['llama3.2:latest'] });
    const port = portOf(fake);
    const engines = select({}, { candidates: [fake.baseURL] });
    expect(await engines.generate(SUMMARY)).toMatchObject({ engine: 'openai' });

    await fake.close();
    fake = null;
    for (let job = 0; job < 3; job += 1)
      expect(await engines.generate(SUMMARY)).toMatchObject({
        engine: 'offline',
        model: 'lectern-extractive-1',
      });
    const warnings = logged.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/no longer answers; the offline engine writes/);
    expect(engines.status()).toMatchObject({ engine: 'offline', server: null });

    fake = await startFakeOpenAi({ models: ['llama3.2:latest'], port });
    await sleep(250);
    expect(await engines.generate(SUMMARY)).toMatchObject({ engine: 'openai', model: 'llama3.2:latest' });
    expect(changes.map((status) => status.engine)).toEqual(['openai', 'offline', 'openai']);
    expect(logged.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it('writes a job with the offline engine when the server goes away while it waits for the model', async () => {
    fake = await startFakeOpenAi({ models: ['llama3.2:latest'] });
    const engines = select({}, { candidates: [fake.baseURL] });
    expect(await engines.current()).toMatchObject({ name: 'openai' });
    fake.enqueue({ kind: 'slow', delayMs: 5_000 });

    const written = engines.generate(SUMMARY);
    await sleep(200);
    await fake.close();
    fake = null;

    expect(await written).toMatchObject({ engine: 'offline' });
    expect(logged.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it('keeps a failure of a server that still answers a failure of the model', async () => {
    fake = await startFakeOpenAi({ models: ['llama3.2:latest'] });
    const engines = select({}, { candidates: [fake.baseURL] });
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 503 })));

    await expect(engines.generate(SUMMARY)).rejects.toThrow(/unavailable \(503\)/);
    expect(engines.status().engine).toBe('openai');
  });

  it('starts with the offline engine at once when no server answers', async () => {
    // A server that drops every connection it gets, as a machine with nothing listening refuses it.
    let connections = 0;
    const dropping = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const { port } = dropping.address() as { port: number };
    try {
      const engines = select({}, { candidates: [`http://127.0.0.1:${port}/v1`] });

      expect(await engines.generate(SUMMARY)).toMatchObject({ engine: 'offline' });
      // Asked once, not retried by the client (nor held by its ten-minute timeout): the first job is not kept
      // waiting by a server that is not there. How soon it starts is measured in the ai bench.
      expect(connections).toBe(1);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'info',
        message: expect.stringMatching(/no local model server answered/),
      }),
    ]);
  });

  it("finds Ollama on its own port, 11434, with Lectern's usual candidates", async () => {
    if (!(await portIsFree(OLLAMA_PORT))) {
      // Something (perhaps a real Ollama) already answers there: this test cannot stand in for it.
      console.warn(`skipped: port ${OLLAMA_PORT} is taken on this machine`);
      return;
    }
    fake = await startFakeOpenAi({ models: ['llama3.2:latest'], port: OLLAMA_PORT });
    const engines = select({});

    expect(await engines.generate(SUMMARY)).toMatchObject({ engine: 'openai', model: 'llama3.2:latest' });
    expect(engines.status().server).toBe(`127.0.0.1:${OLLAMA_PORT}`);
  });
});
