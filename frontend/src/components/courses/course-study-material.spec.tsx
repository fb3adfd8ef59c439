import type { CourseAiContentItem } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourseStudyMaterial } from '@/components/courses/course-study-material';
import { createQueryClient } from '@/lib/query-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OUTLINE: CourseAiContentItem = {
  id: 'o1',
  courseId: 'c1',
  type: 'outline',
  engine: 'offline',
  model: 'lectern-extractive-1',
  createdAt: '2026-11-29T08:00:00.000Z',
  output: {
    lectures: [
      {
        number: 1,
        videoId: 'v1',
        title: 'Cells',
        sections: [
          {
            title: 'What a cell is',
            moment: { videoId: 'v1', start: 5 },
            points: [{ text: 'The membrane keeps the inside apart', moment: { videoId: 'v1', start: 70 } }],
          },
        ],
      },
      {
        number: 3,
        videoId: 'v3',
        title: 'Energy',
        sections: [
          {
            title: 'Respiration',
            moment: { videoId: 'v3', start: 0 },
            points: [{ text: 'Mitochondria make ATP', moment: { videoId: 'v3', start: 3723 } }],
          },
        ],
      },
    ],
  },
};

const SUMMARY: CourseAiContentItem = {
  id: 's1',
  courseId: 'c1',
  type: 'summary',
  engine: 'offline',
  model: 'lectern-extractive-1',
  createdAt: '2026-11-29T08:00:00.000Z',
  output: {
    overview: null,
    lectures: [
      { number: 1, videoId: 'v1', title: 'Cells', summary: 'Cells are the units of life.' },
      { number: 3, videoId: 'v3', title: 'Energy', summary: 'Mitochondria turn glucose into ATP.' },
    ],
  },
};

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

type Answer = (url: string, init?: RequestInit) => Response | Promise<Response>;

function renderMaterial(answer: Answer, isPro = true) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/courses/c1']}>
        <Routes>
          <Route
            path="/courses/:id"
            element={<CourseStudyMaterial courseId="c1" isPro={isPro} readyLectures={2} />}
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("the course page's outline and summary", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('generates the outline, shows progress while it is written, then each point links to its lecture there', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = renderMaterial((url, init) => {
      if (url === '/api/ai/generate' && init?.method === 'POST')
        return new Promise<Response>((resolve) => (finish = resolve));
      return json([]);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate the outline' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Writing the course outline from 2 lectures: each lecture’s own outline first',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/ai/generate');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ courseId: 'c1', type: 'outline' });

    finish(json(OUTLINE));
    const outline = await screen.findByRole('list', { name: 'Course outline' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(outline).getByRole('heading', { name: 'Lecture 3: Energy' })).toBeInTheDocument();
    const links = within(outline).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/video/v1?t=5',
      '/video/v1?t=70',
      '/video/v3?t=0',
      '/video/v3?t=3723',
    ]);
    expect(links[3]).toHaveTextContent('1:02:03');
    await userEvent.click(links[1]!);
    expect(await screen.findByText('at /video/v1?t=70')).toBeInTheDocument();
  });

  it('shows the stored summary, lecture by lecture, and says why a generation failed', async () => {
    renderMaterial((url, init) => {
      if (url === '/api/ai/generate' && init?.method === 'POST')
        return json({ message: 'Course not found.' }, 404);
      return json([SUMMARY]);
    });
    expect(await screen.findByRole('heading', { name: 'Lecture 1: Cells' })).toBeInTheDocument();
    expect(screen.getByText('Mitochondria turn glucose into ATP.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate the summary again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Course not found.');
  });

  it('shows a Free user the upgrade prompt in place of the Generate buttons', async () => {
    const fetchMock = renderMaterial(() => json([]), false);
    expect(await screen.findByText('Course outlines are part of Lectern Pro.')).toBeInTheDocument();
    expect(screen.getByText('Course summaries are part of Lectern Pro.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Upgrade to Pro' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Generate/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/ai/generate')).toBe(false);
  });
});
