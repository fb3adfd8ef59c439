import { limitTweets, retryAfterMs } from './openai-engine';
import { providerLabel, redactAddresses, redactSecrets } from './provider-errors';

describe('provider helpers', () => {
  it('reads retry-after in seconds, milliseconds or as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }))).toBe(150);
    const date = retryAfterMs(new Headers({ 'retry-after': new Date(Date.now() + 10_000).toUTCString() }));
    expect(date).toBeGreaterThan(8_000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });

  it('removes keys from provider messages', () => {
    const key = 'sk-proj-abcdef123456';
    expect(redactSecrets(`Incorrect API key provided: ${key}.`, key)).toBe(
      'Incorrect API key provided: [redacted].',
    );
    expect(redactSecrets('Incorrect API key provided: sk-abc***xyz.', 'other')).not.toContain('sk-');
  });

  it('names OpenAI, and any other server never by its address', () => {
    expect(providerLabel(undefined)).toBe('OpenAI');
    expect(providerLabel('https://api.openai.com/v1')).toBe('OpenAI');
    expect(providerLabel('http://localhost:11434/v1')).toBe('OpenAI-compatible server');
    expect(providerLabel('not a url')).toBe('OpenAI-compatible server');
  });

  it('removes addresses from provider messages', () => {
    expect(
      redactAddresses(
        'No route to http://10.0.0.7:8000/v1/chat, tried gpu-box.lan:8000 and gpu-box.lan.',
        'http://gpu-box.lan:8000/v1',
      ),
    ).toBe('No route to [address] tried [address] and [address].');
    expect(redactAddresses('The model `x` does not exist.', undefined)).toBe('The model `x` does not exist.');
  });

  it('cuts overlong tweets at a word boundary', () => {
    const thread = limitTweets(`1/2 ${'long words here '.repeat(30)}\n\n2/2 Short.`);
    const tweets = thread.split('\n\n');
    expect(tweets[0]?.length).toBeLessThanOrEqual(280);
    expect(tweets[0]).toMatch(/…$/);
    expect(tweets[1]).toBe('2/2 Short.');
  });
});
