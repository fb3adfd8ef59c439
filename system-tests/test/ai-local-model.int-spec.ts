import { portIsFree, startFakeOpenAi, type FakeOpenAi } from '@lectern/fakes/openai';
import { startAiStack, userWithVideo, type AiStack } from './support/ai-fixtures';

// Ollama's own port: with no API key, Lectern's ai worker looks there (and on LM Studio's and llama.cpp's).
const OLLAMA_PORT = 11434;
const LOCAL_MODEL = 'llama3.2:latest';

describe('a local model server found when Lectern has no API key', () => {
  let stack: AiStack | null = null;
  let fake: FakeOpenAi | null = null;
  let taken = false;

  beforeAll(async () => {
    taken = !(await portIsFree(OLLAMA_PORT));
    if (taken) return;
    fake = await startFakeOpenAi({ models: ['nomic-embed-text:latest', LOCAL_MODEL], port: OLLAMA_PORT });
    stack = await startAiStack({ engine: 'offline', ai: { aiLocalModel: 'auto' } });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('writes with its chat model, says so to admins, and falls back to the offline engine when it goes away', async () => {
    if (taken || stack === null || fake === null) {
      // Something (perhaps a real Ollama) already answers there: the fake cannot stand in for it.
      console.warn(`skipped: port ${OLLAMA_PORT} is taken on this machine`);
      return;
    }
    const admin = await userWithVideo(stack, { plan: 'admin', youtubeId: 'phtsynth101' });
    const generate = () =>
      admin.user
        .post('/api/ai/generate')
        .send({ videoId: admin.videoId, type: 'insights', regenerate: true });

    const written = await generate();
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ engine: 'openai', model: LOCAL_MODEL });
    expect(fake.requests.map((request) => [request.model, request.problem])).toEqual([[LOCAL_MODEL, null]]);

    const readiness = await admin.user.get('/api/health/ready');
    expect(readiness.body.details.ai).toEqual({
      status: 'up',
      engines: [
        expect.objectContaining({ engine: 'openai', model: LOCAL_MODEL, server: `127.0.0.1:${OLLAMA_PORT}` }),
      ],
    });

    await fake.close();
    fake = null;
    const offline = await generate();
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({ engine: 'offline', model: 'lectern-extractive-1' });
    expect((await admin.user.get('/api/health/ready')).body.details.ai.engines).toEqual([
      expect.objectContaining({ engine: 'offline', model: 'lectern-extractive-1', server: null }),
    ]);
  });
});
