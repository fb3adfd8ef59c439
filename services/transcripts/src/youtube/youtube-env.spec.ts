import { parseEnv } from '@lectern/contracts/runtime';
import { YouTubeEnvSchema, youTubeClientOptionsFromEnv } from './youtube-env';

describe('YouTubeEnvSchema', () => {
  it('defaults to YouTube itself, without a proxy', () => {
    const env = parseEnv(YouTubeEnvSchema, { YOUTUBE_PROXY_URL: '' });
    expect(youTubeClientOptionsFromEnv(env)).toEqual({ origin: 'https://www.youtube.com', proxyUrl: null });
  });

  it('takes a local origin and a proxy', () => {
    const env = parseEnv(YouTubeEnvSchema, {
      YOUTUBE_ORIGIN: 'http://127.0.0.1:3099',
      YOUTUBE_PROXY_URL: 'http://user:secret@proxy.internal:8080',
    });
    expect(youTubeClientOptionsFromEnv(env)).toEqual({
      origin: 'http://127.0.0.1:3099',
      proxyUrl: 'http://user:secret@proxy.internal:8080',
    });
  });

  it.each([
    ['YOUTUBE_ORIGIN', 'ftp://example.com'],
    ['YOUTUBE_ORIGIN', 'not a url'],
    ['YOUTUBE_PROXY_URL', 'socks://proxy:1080'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => parseEnv(YouTubeEnvSchema, { [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} must be an http:// or https:// URL`),
    );
  });
});
