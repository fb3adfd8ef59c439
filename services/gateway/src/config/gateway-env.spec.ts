import { resolveGatewayEnv } from './load-gateway-env';

const SECRET = 'Pa55-w0rd-4c1e';

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    resolveGatewayEnv(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe("the gateway's configuration", () => {
  it.each([
    ['DATABASE_URL', `mysql://lectern:${SECRET}@db/lectern`, 'mysql://***@db/lectern'],
    ['REDIS_URL', `http://:${SECRET}@cache:6379`, 'http://***@cache:6379'],
    ['APP_URL', `ftp://admin:${SECRET}@lectern.example`, 'ftp://***@lectern.example'],
  ])('names a wrong %s without printing its password', (variable, value, shown) => {
    const message = refusal({ [variable]: value });
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(message).toContain(`(got "${shown}")`);
    expect(message).not.toContain(SECRET);
  });

  it('never prints a secret that is refused', () => {
    expect(refusal({ SESSION_SECRET: SECRET })).toBe(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters long',
    );
  });

  it('refuses an https APP_URL with no trusted proxy in front, in one line', () => {
    const message = refusal({ APP_URL: 'https://lectern.example' });
    expect(message).toMatch(
      /^Invalid configuration: TRUST_PROXY must be 1 or more when APP_URL is https: .*session cookie/,
    );
    expect(message.split('\n')).toHaveLength(1);
    expect(refusal({ APP_URL: 'https://lectern.example', TRUST_PROXY: '0' })).toBe(message + ' (got "0")');
    expect(resolveGatewayEnv({ APP_URL: 'https://lectern.example', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(resolveGatewayEnv({ APP_URL: 'http://localhost:3000' }).TRUST_PROXY).toBe(0);
  });

  it('binds the metrics listener to loopback unless METRICS_HOST says otherwise', () => {
    expect(resolveGatewayEnv({}).METRICS_HOST).toBe('127.0.0.1');
    expect(resolveGatewayEnv({ METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
    expect(refusal({ METRICS_HOST: 'every interface' })).toBe(
      'Invalid configuration: METRICS_HOST must be an IP address, e.g. 127.0.0.1 or 0.0.0.0 (got "every interface")',
    );
  });

  it("loads YouTube's IFrame Player API unless YOUTUBE_IFRAME_API_URL names a stand-in, and refuses a non-http one", () => {
    expect(resolveGatewayEnv({}).YOUTUBE_IFRAME_API_URL).toBe('https://www.youtube.com/iframe_api');
    expect(
      resolveGatewayEnv({ YOUTUBE_IFRAME_API_URL: 'http://127.0.0.1:3099/iframe_api' })
        .YOUTUBE_IFRAME_API_URL,
    ).toBe('http://127.0.0.1:3099/iframe_api');
    expect(refusal({ YOUTUBE_IFRAME_API_URL: 'javascript:alert(1)' })).toMatch(
      /^Invalid configuration: YOUTUBE_IFRAME_API_URL must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('offers no sample videos unless SAMPLE_VIDEOS names some, and refuses one that is not a YouTube link', () => {
    expect(resolveGatewayEnv({}).SAMPLE_VIDEOS).toEqual([]);
    expect(
      resolveGatewayEnv({ SAMPLE_VIDEOS: 'Hash tables|https://youtu.be/hashtables1' }).SAMPLE_VIDEOS,
    ).toEqual([{ title: 'Hash tables', youtubeUrl: 'https://www.youtube.com/watch?v=hashtables1' }]);
    expect(refusal({ SAMPLE_VIDEOS: 'Lecture|https://example.com/v' })).toMatch(
      /^Invalid configuration: SAMPLE_VIDEOS must be comma-separated "title\|YouTube link" entries; "https:\/\/example\.com\/v" is not a YouTube video link/,
    );
  });
});
