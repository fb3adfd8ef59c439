import { parseEnv } from '@lectern/queue-runtime';
import { AiEnvSchema } from './env';

const SECRET = 'Pa55-w0rd-1b9a';

describe("the ai worker's configuration", () => {
  it.each([
    ['OPENAI_BASE_URL', `ftp://llm:${SECRET}@llm.internal/v1`, 'ftp://***@llm.internal/v1'],
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
  ])('names a wrong %s without printing its password', (variable, value, shown) => {
    expect(() => parseEnv(AiEnvSchema, { [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} .*\\(got "${shown.replace(/[.*]/g, '\\$&')}"\\)$`),
    );
    expect(() => parseEnv(AiEnvSchema, { [variable]: value })).not.toThrow(SECRET);
  });
});
