import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestEventStream } from '@/api/event-stream';
import { ApiError, errorMessage } from '@/api/http';

/** An event stream answer arriving in the given network chunks (an event may be split across them). */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

function run(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  const pieces: string[] = [];
  const promise = requestEventStream<{ id: string }>(
    'POST',
    '/api/ai/generate',
    { videoId: 'v' },
    {
      onDelta: (text) => pieces.push(text),
      onReset: () => pieces.push('<reset>'),
    },
  );
  return { fetchMock, pieces, promise };
}

describe('requestEventStream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an event stream and hands on pieces, resets, then the done JSON', async () => {
    const { fetchMock, pieces, promise } = run(
      streamed([
        'id: 1-0\nevent: delta\ndata: {"text":"Hel',
        'lo "}\n\n: ping\n\nid: 2-0\nevent: reset\ndata: {}\n\n',
        'event: delta\ndata: {"text":"Line\\nbreak"}\n\nevent: done\ndata: {"id":"item-1"}\n\n',
      ]),
    );
    await expect(promise).resolves.toEqual({ id: 'item-1' });
    expect(pieces).toEqual(['Hello ', '<reset>', 'Line\nbreak']);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
    expect(init.credentials).toBe('include');
  });

  it('turns an error event into an ApiError carrying the server sentence', async () => {
    const { promise } = run(
      streamed([
        'event: delta\ndata: {"text":"Par"}\n\nevent: error\ndata: {"message":"The AI provider (x) is unavailable (503)."}\n\n',
      ]),
    );
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Failed to generate content')).toBe(
      'The AI provider (x) is unavailable (503).',
    );
  });

  it('answers an error found before the stream began as the plain JSON error', async () => {
    const { promise } = run(
      new Response('{"message":"Video not found."}', {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const error = await promise.catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect(errorMessage(error, '')).toBe('Video not found.');
  });

  it('fails when the stream ends before its done event', async () => {
    const { promise } = run(streamed(['event: delta\ndata: {"text":"Half"}\n\n']));
    const error = await promise.catch((e: unknown) => e);
    expect(errorMessage(error, '')).toBe(
      'The connection closed before the answer was complete. Please try again.',
    );
  });
});
