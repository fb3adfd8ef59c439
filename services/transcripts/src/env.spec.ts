import { parseEnv } from '@lectern/queue-runtime';
import { TranscriptsEnvSchema } from './env';

const SECRET = 'Pa55-w0rd-7e02';

describe("the transcripts worker's configuration", () => {
  it.each([
    ['YOUTUBE_PROXY_URL', `socks5://scraper:${SECRET}@proxy:1080`, 'socks5://***@proxy:1080'],
    ['YOUTUBE_ORIGIN', `ftp://scraper:${SECRET}@yt.example`, 'ftp://***@yt.example'],
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
  ])('names a wrong %s without printing its password', (variable, value, shown) => {
    expect(() => parseEnv(TranscriptsEnvSchema, { [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} .*\\(got "${shown.replace(/[.*]/g, '\\$&')}"\\)$`),
    );
    expect(() => parseEnv(TranscriptsEnvSchema, { [variable]: value })).not.toThrow(SECRET);
  });
});
