import {
  LECTURE_LIMITED_MESSAGE,
  type Course,
  type CourseLecture,
  type VideoSummary,
} from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseLecture } from '@/test/course-lecture';
import { createQueryClient } from '@/lib/query-client';
import CoursePage from '@/pages/course-page';
import CoursesPage from '@/pages/courses-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lecture = (number: number, change: Partial<CourseLecture> = {}) =>
  courseLecture(number, { duration: 1800, ...change });

const COURSE: Course = {
  id: 'c1',
  title: 'Algorithms',
  examDate: null,
  playlistId: 'PLx',
  lectureCount: 4,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  lectures: [
    lecture(1, {
      watchedPosition: 1800,
      cardsDue: 3,
      lastQuizScore: { score: 3, total: 5 },
      bestQuizScore: { score: 4, total: 5 },
    }),
    lecture(2, { watchedPosition: 754 }),
    lecture(3, { videoId: null, state: 'failed', message: 'This video has no captions.' }),
    lecture(4, { videoId: null, state: 'limited', message: LECTURE_LIMITED_MESSAGE }),
  ],
  notices: ['Video 5 of the playlist was left out: it is private on YouTube.'],
};

const LIBRARY: VideoSummary[] = [];

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

type Answer = (url: string, init?: RequestInit) => Response;

function renderAt(path: string, answer: Answer) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/courses" element={<CoursesPage />} />
          <Route path="/courses/:id" element={<CoursePage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof renderAt>, method: string, url: string): unknown => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method);
  return call ? (JSON.parse(call[1]!.body as string) as unknown) : undefined;
};

describe('course page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answerCourse: Answer = (url, init) => {
    if (url === '/api/videos') return json(LIBRARY);
    if (url === '/api/ai/course-content/c1') return json([]);
    if (url === '/api/courses/c1/lectures' && init?.method === 'PUT') return json(COURSE);
    return json(COURSE);
  };

  it('shows the lectures in order with their states, study and where to continue', async () => {
    renderAt('/courses/c1', answerCourse);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algorithms' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Lectures' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1\. Lecture title 1.*30:00.*Watched.*3 cards due.*Quiz 3\/5 \(best 4\/5\)/u),
      expect.stringMatching(/^2\. Lecture title 2.*Watched to 12:34 of 30:00/u),
      expect.stringMatching(/^3\. Lecture title 3.*Failed.*This video has no captions\./u),
      expect.stringMatching(/^4\. Lecture title 4.*Waiting for next month or Pro/u),
    ]);
    expect(screen.getByText(COURSE.notices[0]!)).toBeInTheDocument();
    // Lecture 2's rest, and lectures 3 and 4 whole.
    expect(screen.getByText('Time left: 1 h 17 min')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Continue: Lecture 2 at 12:34' }));
    expect(await screen.findByText('at /video/v2?t=754')).toBeInTheDocument();
  });

  it('moves a lecture down and removes one with the library order', async () => {
    const fetchMock = renderAt('/courses/c1', answerCourse);
    await userEvent.click(await screen.findByRole('button', { name: 'Move "Lecture title 1" down' }));
    expect(bodyOf(fetchMock, 'PUT', '/api/courses/c1/lectures')).toEqual({ videoIds: ['v2', 'v1'] });
    expect(screen.getByRole('button', { name: 'Move "Lecture title 1" up' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Move "Lecture title 3" up' })).not.toBeInTheDocument();

    fetchMock.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Remove "Lecture title 2" from the course' }));
    expect(bodyOf(fetchMock, 'PUT', '/api/courses/c1/lectures')).toEqual({ videoIds: ['v1'] });
  });

  it('deletes the course after asking, and goes back to the courses', async () => {
    const fetchMock = renderAt('/courses/c1', (url, init) => {
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (url === '/api/courses') return json([]);
      return answerCourse(url, init);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete course' }));
    expect(screen.getByText(/its videos stay in your library/u)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/courses/c1' && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('says when the course is not found', async () => {
    renderAt('/courses/gone', () => json({ message: 'Course not found.' }, 404));
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });
});

describe('courses page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('imports a playlist and opens the course the import answers', async () => {
    const imported: Course = {
      ...COURSE,
      id: 'c9',
      title: 'Imported',
      lectures: [lecture(1, { videoId: null, state: 'waiting' })],
    };
    const fetchMock = renderAt('/courses', (url) => {
      if (url === '/api/courses/import') return json(imported, 202);
      if (url === '/api/courses/c9') return json(imported);
      if (url === '/api/videos') return json(LIBRARY);
      return json([]);
    });
    expect(await screen.findByText(/No courses yet/u)).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Playlist link'),
      'https://www.youtube.com/playlist?list=PLabc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imported' })).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Importing: 0 of 1 lectures ready');
    expect(bodyOf(fetchMock, 'POST', '/api/courses/import')).toEqual({
      playlistUrl: 'https://www.youtube.com/playlist?list=PLabc',
    });
  });

  it('shows why a new course is refused', async () => {
    renderAt('/courses', (_url, init) =>
      init?.method === 'POST' ? json({ message: 'examDate is not a day of the calendar.' }, 400) : json([]),
    );
    await userEvent.type(await screen.findByLabelText('Title'), 'Physics');
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('examDate is not a day of the calendar.');
  });
});
