import { parseEnv } from '@lectern/queue-runtime';
import { YouTubeEnvSchema, youTubeClientOptionsFromEnv } from './youtube-env';

describe('YouTubeEnvSchema', () => {
  it('defaults to YouTube itself, without a proxy', () => {
    const env = parseEnv(YouTubeEnvSchema, { YOUTUBE_PROXY_URL: '' });
    expect(youTubeClientOptionsFromEnv(env)).toEqual({
      origin: 'https://www.youtube.com',
      proxyUrls: [],
      timeoutMs: 15_000,
    });
  });

  it('takes a local origin and a proxy', () => {
    const env = parseEnv(YouTubeEnvSchema, {
      YOUTUBE_ORIGIN: 'http://127.0.0.1:3099',
      YOUTUBE_PROXY_URL: 'http://user:secret@proxy.internal:8080',
      YOUTUBE_TIMEOUT_MS: '1000',
    });
    expect(youTubeClientOptionsFromEnv(env)).toEqual({
      origin: 'http://127.0.0.1:3099',
      proxyUrls: ['http://user:secret@proxy.internal:8080'],
      timeoutMs: 1000,
    });
  });

  it('takes several proxies, comma-separated, in order', () => {
    const env = parseEnv(YouTubeEnvSchema, {
      YOUTUBE_PROXY_URL: ' http://a.example:8080 ,https://u:p@b.example:443,, http://c.example:3128',
    });
    expect(env.YOUTUBE_PROXY_URL).toEqual([
      'http://a.example:8080',
      'https://u:p@b.example:443',
      'http://c.example:3128',
    ]);
  });

  it.each([
    ['YOUTUBE_ORIGIN', 'ftp://example.com', 'must be an http:// or https:// URL'],
    ['YOUTUBE_ORIGIN', 'not a url', 'must be an http:// or https:// URL'],
    ['YOUTUBE_PROXY_URL', 'socks://proxy:1080', 'must be comma-separated http:// or https:// proxy URLs'],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => parseEnv(YouTubeEnvSchema, { [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} ${message}`),
    );
  });

  it('names a bad proxy by its position, never by its URL, which may hold a password', () => {
    let message = '';
    try {
      parseEnv(YouTubeEnvSchema, { YOUTUBE_PROXY_URL: 'http://ok.example:1,socks5://u:hunter2@bad:1080' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('entry 2 is not one');
    expect(message).not.toContain('hunter2');
  });
});
