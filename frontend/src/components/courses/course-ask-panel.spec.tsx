import {
  COURSE_NOT_COVERED_ANSWER,
  type AiQuestion,
  type Course,
  type CourseLecture,
  type UsageStats,
  type User,
} from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourseAskPanel } from '@/components/courses/course-ask-panel';
import { createQueryClient } from '@/lib/query-client';

const lecture = (number: number, videoId: string): CourseLecture => ({
  number,
  videoId,
  youtubeId: null,
  title: `Lecture ${number}`,
  duration: 600,
  state: 'ready',
  message: null,
  watchedPosition: null,
  cardsDue: 0,
  bestQuizScore: null,
  lastQuizScore: null,
});

const COURSE: Course = {
  id: 'c1',
  title: 'CS 101',
  examDate: null,
  playlistId: null,
  lectureCount: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  lectures: [lecture(1, 'v-hash'), lecture(2, 'v-demand'), lecture(3, 'v-derivatives')],
  notices: [],
};

const question = (
  id: string,
  text: string,
  answer: string,
  citations: AiQuestion['citations'],
): AiQuestion => ({
  id,
  question: text,
  answer,
  citations,
  engine: 'openai',
  model: 'gpt-test',
  courseId: 'c1',
  createdAt: '2026-11-02T00:00:00.000Z',
});

const HASHING = question(
  'q1',
  'What does a hash function do?',
  '“It turns a key into a number.” [Lecture 1, 0:26]\n\n“Demand slopes down.” [Lecture 2, 12:34]',
  [
    { videoId: 'v-hash', start: 26.4, text: 'It turns a key into a number.' },
    { videoId: 'v-demand', start: 754.2, text: 'Demand slopes down.' },
  ],
);

const FREE_USER = { id: 'u1', email: 'ada@example.com', plan: 'free', role: 'user' } as unknown as User;

const usage = (used: number): UsageStats => ({
  month: '2026-11',
  videosAnalyzed: { used: 0, limit: 3 },
  aiGenerations: { used: 0, limit: 3 },
  notesCreated: 0,
  aiQuestions: { used, limit: 5 },
});

interface Gateway {
  thread: AiQuestion[];
  /** What `POST /api/ai/ask` answers. */
  ask: () => Response;
  asked: unknown[];
  deleted: string[];
}

/** The gateway as the SPA's fetch meets it: the session, the usage, the course's thread and its questions. */
function stubGateway(gateway: Gateway) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/auth/me') return Promise.resolve(Response.json(FREE_USER));
      if (url === '/api/usage') return Promise.resolve(Response.json(usage(gateway.asked.length)));
      if (url === '/api/ai/course-questions/c1') return Promise.resolve(Response.json(gateway.thread));
      if (url === '/api/ai/ask') {
        gateway.asked.push(JSON.parse(init?.body as string));
        return Promise.resolve(gateway.ask());
      }
      if (url.startsWith('/api/ai/questions/') && init?.method === 'DELETE') {
        gateway.deleted.push(url.slice('/api/ai/questions/'.length));
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(Response.json({ message: `No route ${url}` }, { status: 404 }));
    }),
  );
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CourseAskPanel course={COURSE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Ask the course' });
}

const thread = () => screen.getByRole('list', { name: 'Questions and answers' });

function ask(text: string) {
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

/** A stream the test writes to: the answer arrives when the test says. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

describe('Ask the course', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the thread with each citation as its lecture and moment, a link to that moment of the lecture', async () => {
    stubGateway({ thread: [HASHING], ask: () => new Response(), asked: [], deleted: [] });
    renderPanel();
    const item = await screen.findByRole('listitem', { name: 'Question: What does a hash function do?' });
    const links = within(item).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Lecture 1, 0:26', '/video/v-hash?t=26'],
      ['Lecture 2, 12:34', '/video/v-demand?t=754'],
    ]);
    expect(within(item).getByRole('link', { name: 'Lecture 2, 12:34' })).toBeTruthy();
    expect(await screen.findByText('5 of 5 questions left this month')).toBeTruthy();
  });

  it('streams the answer as it is written, then keeps it newest last', async () => {
    const stream = openStream();
    const gateway: Gateway = { thread: [HASHING], ask: () => stream.response, asked: [], deleted: [] };
    stubGateway(gateway);
    renderPanel();
    await screen.findByRole('listitem', { name: 'Question: What does a hash function do?' });

    ask('Why does demand slope down?');
    const pending = await screen.findByRole('listitem', { name: 'Question: Why does demand slope down?' });
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(gateway.asked).toEqual([{ courseId: 'c1', question: 'Why does demand slope down?' }]);
    stream.send('delta', { text: '“Demand slopes down.” [Lecture 2, 12:34]' });
    const streamed = await within(pending).findByRole('link', { name: 'Lecture 2, 12:34' });
    expect(streamed.getAttribute('href')).toBe('/video/v-demand?t=754');

    const stored = question('q2', 'Why does demand slope down?', '“Demand slopes down.” [Lecture 2, 12:34]', [
      { videoId: 'v-demand', start: 754.2, text: 'Demand slopes down.' },
    ]);
    stream.send('done', stored);
    stream.close();
    await waitFor(() => expect(within(thread()).queryAllByRole('listitem', { busy: true })).toHaveLength(0));
    expect(
      within(thread())
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Question: What does a hash function do?', 'Question: Why does demand slope down?']);
    expect(await screen.findByText('4 of 5 questions left this month')).toBeTruthy();
  });

  it('shows the gateway’s sentence when the course does not cover the question, with no link', async () => {
    const declined = question('q3', 'Who painted the Mona Lisa?', COURSE_NOT_COVERED_ANSWER, []);
    stubGateway({ thread: [], ask: () => Response.json(declined), asked: [], deleted: [] });
    renderPanel();
    await screen.findByText(/Ask anything about this course/u);
    ask('Who painted the Mona Lisa?');
    const answer = await screen.findByText(COURSE_NOT_COVERED_ANSWER);
    const item = screen.getByRole('listitem', { name: 'Question: Who painted the Mona Lisa?' });
    expect(item.contains(answer)).toBe(true);
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it('shows the Free limit as the gateway words it', async () => {
    const limit =
      'You have used all 5 questions of the Free plan this month. Upgrade to Pro for unlimited questions.';
    stubGateway({
      thread: [],
      ask: () => Response.json({ message: limit }, { status: 403 }),
      asked: [],
      deleted: [],
    });
    renderPanel();
    await screen.findByText(/Ask anything about this course/u);
    ask('What is a hash table?');
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
  });

  it('deletes a question from the thread', async () => {
    const gateway: Gateway = { thread: [HASHING], ask: () => new Response(), asked: [], deleted: [] };
    stubGateway(gateway);
    renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the question "What does a hash function do?"' }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
    expect(gateway.deleted).toEqual(['q1']);
  });
});
