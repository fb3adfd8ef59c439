import { parseEnv } from '@lectern/queue-runtime';
import { MediaEnvSchema, transcribeEndpointOf } from './env';

describe('the media worker’s settings', () => {
  it('uses the OPENAI_* endpoint and key when no TRANSCRIBE_* one is set, with whisper-1', () => {
    const env = parseEnv(MediaEnvSchema, {
      OPENAI_BASE_URL: 'https://llm.example/v1',
      OPENAI_API_KEY: 'sk-a',
    });
    expect(transcribeEndpointOf(env)).toEqual({
      baseURL: 'https://llm.example/v1',
      apiKey: 'sk-a',
      model: 'whisper-1',
    });
  });

  it('prefers the TRANSCRIBE_* settings', () => {
    const env = parseEnv(MediaEnvSchema, {
      OPENAI_BASE_URL: 'https://llm.example/v1',
      OPENAI_API_KEY: 'sk-a',
      TRANSCRIBE_BASE_URL: 'http://whisper.local:8000/v1',
      TRANSCRIBE_API_KEY: '',
      TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
    });
    expect(transcribeEndpointOf(env)).toEqual({
      baseURL: 'http://whisper.local:8000/v1',
      apiKey: 'sk-a',
      model: 'Systran/faster-whisper-small',
    });
  });

  it('has defaults that fit OpenAI: 10-minute pieces under 25 MB, three at a time', () => {
    const env = parseEnv(MediaEnvSchema, {});
    expect(env).toMatchObject({
      TRANSCRIBE_PIECE_SECONDS: 600,
      TRANSCRIBE_PIECE_MAX_BYTES: 25 * 1024 * 1024,
      TRANSCRIBE_PARALLEL_PIECES: 3,
      MEDIA_CONCURRENCY: 1,
    });
  });

  it('refuses an endpoint that is not an http URL, naming the setting', () => {
    expect(() => parseEnv(MediaEnvSchema, { TRANSCRIBE_BASE_URL: 'ftp://whisper' })).toThrow(
      /TRANSCRIBE_BASE_URL/,
    );
  });

  it('takes an audio command a shell would not be needed for, and refuses one with a pipe, naming the setting', () => {
    expect(parseEnv(MediaEnvSchema, { YOUTUBE_AUDIO_COMMAND: 'yt-dlp -o - {url}' })).toMatchObject({
      YOUTUBE_AUDIO_COMMAND: 'yt-dlp -o - {url}',
      YOUTUBE_AUDIO_TIMEOUT_MS: 30 * 60 * 1000,
    });
    expect(() => parseEnv(MediaEnvSchema, { YOUTUBE_AUDIO_COMMAND: 'yt-dlp -o - {url} | cat' })).toThrow(
      /YOUTUBE_AUDIO_COMMAND.*without a shell/,
    );
  });
});
