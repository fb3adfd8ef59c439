import { parseEnv } from '@lectern/queue-runtime';
import { ExportEnvSchema } from './env';

const SECRET = 'Pa55-w0rd-e5d3';

describe("the export worker's configuration", () => {
  it.each([
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
  ])('names a wrong %s without printing its password', (variable, value, shown) => {
    expect(() => parseEnv(ExportEnvSchema, { [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} .*\\(got "${shown.replace(/[.*]/g, '\\$&')}"\\)$`),
    );
    expect(() => parseEnv(ExportEnvSchema, { [variable]: value })).not.toThrow(SECRET);
  });
});
