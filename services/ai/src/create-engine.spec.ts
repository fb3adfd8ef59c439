import { parseEnv } from '@lectern/queue-runtime';
import { z } from 'zod';
import { createEngine } from './worker';
import { AiEngineEnvShape } from './engines/engine-config';

const schema = z.object(AiEngineEnvShape);

describe('engine configuration', () => {
  it('defaults to the offline engine when OPENAI_API_KEY is empty', () => {
    const env = parseEnv(schema, { OPENAI_API_KEY: '' });
    expect(env).toMatchObject({
      AI_TOKEN_BUDGET: 16_000,
      AI_TIMEOUT_MS: 120_000,
    });
    expect(createEngine(env)).toMatchObject({ name: 'offline', model: 'lectern-extractive-1' });
    expect(createEngine(parseEnv(schema, { OPENAI_API_KEY: '   ' })).name).toBe('offline');
  });

  it('uses the OpenAI-compatible engine with the configured model when a key is set', () => {
    const env = parseEnv(schema, {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.2',
    });
    expect(createEngine(env)).toMatchObject({ name: 'openai', model: 'llama3.2' });
    expect(createEngine(parseEnv(schema, { OPENAI_API_KEY: 'sk-test' })).model).toBe('gpt-4o-mini');
  });

  it('names the variable when a value is wrong', () => {
    expect(() => parseEnv(schema, { AI_TOKEN_BUDGET: '12' })).toThrow(
      /AI_TOKEN_BUDGET must be at least 1000/,
    );
    expect(() => parseEnv(schema, { AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
    expect(() => parseEnv(schema, { OPENAI_BASE_URL: 'ftp://x' })).toThrow(/OPENAI_BASE_URL/);
  });
});
