import type { Course, CourseLecture } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCourse } from '@/hooks/use-courses';
import { createQueryClient } from '@/lib/query-client';
import { courseLecture } from '@/test/course-lecture';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const courseWith = (...states: CourseLecture['state'][]): Course => ({
  id: 'c1',
  title: 'Algorithms',
  examDate: null,
  playlistId: 'PLx',
  lectureCount: states.length,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  lectures: states.map((state, index) => courseLecture(index + 1, { state })),
  notices: [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An event stream whose frames are written one by one as `next()` is called. */
function eventStream(frames: string[]) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    next: () => {
      const frame = frames.shift();
      if (frame === undefined) controller.close();
      else controller.enqueue(encoder.encode(frame));
    },
  };
}
const frame = (event: string, course: Course) => `event: ${event}\ndata: ${JSON.stringify(course)}\n\n`;

describe('useCourse', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows an import's event stream instead of reading the course again, until it is done", async () => {
    const stream = eventStream([
      frame('course', courseWith('ready', 'fetching')),
      frame('done', courseWith('ready', 'ready')),
    ]);
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/courses/c1/events' ? stream.response : json(courseWith('fetching', 'waiting')),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCourse('c1'), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/courses/c1/events', expect.anything()));

    const states = () => result.current.data?.lectures.map((lecture) => lecture.state);
    expect(states()).toEqual(['fetching', 'waiting']);
    stream.next();
    await waitFor(() => expect(states()).toEqual(['ready', 'fetching']));
    stream.next();
    await waitFor(() => expect(states()).toEqual(['ready', 'ready']));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/courses/c1', '/api/courses/c1/events']);
  });

  it('reads the course again every few seconds when the stream fails', async () => {
    let reads = 0;
    const fetchMock = vi.fn((url: string) => {
      if (url === '/api/courses/c1/events') return Promise.resolve(json({ message: 'Bad gateway.' }, 502));
      reads += 1;
      return Promise.resolve(json(reads === 1 ? courseWith('waiting') : courseWith('ready')));
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCourse('c1'), { wrapper });
    await waitFor(() => expect(result.current.data?.lectures[0]?.state).toBe('ready'), { timeout: 6_000 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/courses/c1',
      '/api/courses/c1/events',
      '/api/courses/c1',
    ]);
  }, 10_000);
});
