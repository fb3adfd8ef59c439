import type { ExamPace } from '@lectern/contracts';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ExamCountdown } from '@/components/review/exam-countdown';
import { ExamCountdowns } from '@/components/review/exam-countdowns';
import { ExamDateField } from '@/components/review/exam-date-field';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi } from '@/test/account-harness';

const pace = (fields: Partial<ExamPace>): ExamPace => ({
  videoId: 'v1',
  examDate: '2026-06-15',
  daysLeft: 12,
  cardsLeft: 30,
  newCardsLeft: 25,
  cardsPerDay: 3,
  paceEnough: true,
  ...fields,
});

function renderWithClient(children: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the countdown to an exam', () => {
  it('shows the days and cards left, and that the pace is enough', () => {
    render(<ExamCountdown pace={pace({})} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('12 days left until the exam on June 15, 2026');
    expect(status).toHaveTextContent('30 cards left to see before the exam, about 3 cards a day.');
    expect(status).toHaveTextContent('Your pace is enough');
  });

  it('says when the pace is not enough, in the singular where it is one', () => {
    render(
      <ExamCountdown
        pace={pace({ daysLeft: 1, cardsLeft: 41, newCardsLeft: 41, cardsPerDay: 41, paceEnough: false })}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('1 day left until the exam');
    expect(status).toHaveTextContent(
      'Your pace is not enough: 41 new cards at 20 a day need more days than are left.',
    );
  });

  it('says the exam is today on its day, and shows nothing without an exam date', () => {
    const { unmount } = render(<ExamCountdown pace={pace({ daysLeft: 0, cardsLeft: 0, cardsPerDay: 0 })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Exam day: June 15, 2026');
    unmount();
    render(<ExamCountdown pace={pace({ examDate: null, daysLeft: 0 })} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the exam date of a video', () => {
  it('is set, read back as a countdown, and cleared', async () => {
    let examDate: string | null = null;
    const api = fakeApi({
      'GET /api/review/exam?videoId=v1': () =>
        Response.json(
          examDate === null ? pace({ examDate: null, daysLeft: 0, cardsLeft: 0 }) : pace({ examDate }),
        ),
      'PUT /api/videos/v1/exam': (body) => {
        examDate = (body as { date: string | null }).date;
        return Response.json({ videoId: 'v1', examDate });
      },
    });
    renderWithClient(<ExamDateField videoId="v1" />);
    const field = await screen.findByLabelText('Exam date');
    await screen.findByText(/With an exam date/);
    // A day ahead of today: the field takes no day already past.
    const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(field, { target: { value: day } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/12 days left until the exam/)).toBeInTheDocument();
    expect(field).toHaveValue(day);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText(/With an exam date/);
    expect(api.callsTo('PUT /api/videos/v1/exam')).toEqual([{ date: day }, { date: null }]);
  });

  it('lists on the review page each exam to come with its video, in the order the server gives (soonest first)', async () => {
    const summary = (id: string, title: string) => ({
      id,
      youtubeId: `yt-${id}`,
      youtubeUrl: `https://www.youtube.com/watch?v=yt-${id}`,
      title,
      channelName: null,
      thumbnailUrl: null,
      duration: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    });
    fakeApi({
      'GET /api/videos': Response.json([
        summary('v1', 'Hash tables'),
        summary('v2', 'Photosynthesis'),
        summary('v3', 'Sorting'),
      ]),
      'GET /api/review/exams': Response.json([
        pace({ videoId: 'v3', examDate: '2026-06-15', cardsLeft: 4, cardsPerDay: 1 }),
        pace({ videoId: 'v1', examDate: '2026-07-01' }),
      ]),
    });
    renderWithClient(<ExamCountdowns />);
    const heading = await screen.findByRole('heading', { name: 'Before your exams' });
    const items = () => [...(heading.parentElement?.querySelectorAll('li') ?? [])];
    await waitFor(() =>
      expect(items().map((item) => item.querySelector('a')?.textContent)).toEqual(['Sorting', 'Hash tables']),
    );
    expect(items()[0]).toHaveTextContent('4 cards left to see before the exam, about 1 card a day.');
  });
  it('lists a course with its exam beside the videos, linking to the course page, its cards counted over its lectures', async () => {
    fakeApi({
      'GET /api/videos': Response.json([
        {
          id: 'v1',
          youtubeId: 'yt-v1',
          youtubeUrl: 'https://www.youtube.com/watch?v=yt-v1',
          title: 'Hash tables',
          channelName: null,
          thumbnailUrl: null,
          duration: null,
          createdAt: '2026-03-01T09:00:00.000Z',
        },
      ]),
      'GET /api/courses': Response.json([
        {
          id: 'c1',
          title: 'Algorithms',
          examDate: '2026-06-10',
          playlistId: null,
          lectureCount: 2,
          createdAt: '2026-03-01T09:00:00.000Z',
          updatedAt: '2026-03-01T09:00:00.000Z',
        },
      ]),
      'GET /api/review/exams': Response.json([
        {
          ...pace({ examDate: '2026-06-10', cardsLeft: 9, cardsPerDay: 2 }),
          videoId: undefined,
          courseId: 'c1',
        },
        pace({ videoId: 'v1', examDate: '2026-07-01' }),
      ]),
    });
    renderWithClient(<ExamCountdowns />);
    const heading = await screen.findByRole('heading', { name: 'Before your exams' });
    const items = () => [...(heading.parentElement?.querySelectorAll('li') ?? [])];
    await waitFor(() =>
      expect(items().map((item) => item.querySelector('a')?.textContent)).toEqual([
        'Algorithms',
        'Hash tables',
      ]),
    );
    expect(items()[0]?.querySelector('a')).toHaveAttribute('href', '/courses/c1');
    expect(items()[0]).toHaveTextContent('9 cards left to see before the exam, about 2 cards a day.');
    expect(items()[1]?.querySelector('a')).toHaveAttribute('href', '/video/v1');
  });
});
