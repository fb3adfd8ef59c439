import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getJson, requestJson } from '@/api/http';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(body === '' ? null : body, { status, statusText });
}

describe('request helper', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session cookie', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, '{"id":"v1"}'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(requestJson('POST', '/api/transcripts/fetch', { youtubeUrl: 'u' })).resolves.toEqual({
      id: 'v1',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/transcripts/fetch');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"youtubeUrl":"u"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('raises "status: body" with the server message for a non-OK answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(409, '{"message":"Email already registered."}')));
    const error = await apiRequest('POST', '/api/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Email already registered."}');
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error, 'Signup failed')).toBe('Email already registered.');
  });

  it('falls back to the status text when the body is empty, and to the screen text without a message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(502, '', 'Bad Gateway')));
    const error = await apiRequest('GET', '/api/videos').catch((e: unknown) => e);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(errorMessage(error, 'Failed to delete video')).toBe('Failed to delete video');
    expect(errorMessage(new Error('network down'), 'Login failed')).toBe('Login failed');
  });

  it('resolves a 401 to null only when asked to', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(answer(401, '{"message":"Not signed in."}'))),
    );
    await expect(getJson('/api/auth/me', 'returnNull')).resolves.toBeNull();
    await expect(getJson('/api/auth/me')).rejects.toThrow('401: {"message":"Not signed in."}');
  });
});
