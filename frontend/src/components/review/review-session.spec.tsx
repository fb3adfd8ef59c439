import type { DueCard, ReviewedCard, ReviewRating } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { ReviewSession } from '@/components/review/review-session';
import { useDueCount } from '@/hooks/use-review';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, message } from '@/test/account-harness';

const card = (id: string, question: string, answer: string): DueCard => ({
  id,
  videoId: 'v1',
  question,
  answer,
  due: '2026-03-02T09:00:00.000Z',
});

/** The answer to a rating given at 09:00: the card is due again `minutes` later. */
const reviewed = (id: string, rating: ReviewRating, minutes: number): ReviewedCard => ({
  id,
  videoId: 'v1',
  rating,
  due: new Date(Date.parse('2026-03-02T09:00:00.000Z') + minutes * 60_000).toISOString(),
  state: 'learning',
  reps: 1,
  lapses: 0,
  scheduledDays: 0,
  lastReview: '2026-03-02T09:00:00.000Z',
});

const FIRST = card('c1', 'What is a hash table?', 'An array of buckets.');
const SECOND = card('c2', 'What is a collision?', 'Two keys in one slot.');

/** The navigation's due count, as the app shell keeps it on screen beside a session. */
function DueCount() {
  useDueCount();
  return null;
}

function renderSession(videoId?: string, client = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DueCount />
        <ReviewSession videoId={videoId} autoFocus />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('a review session', () => {
  it("takes the next card's rating while the navigation's count is still being read again", async () => {
    let due = [FIRST, SECOND];
    let counts = 0;
    const api = fakeApi({
      'GET /api/review/due': () => Response.json(due),
      // The count answers once, then hangs (a slow server): a rating must not wait for it.
      'GET /api/review/due?limit=1': () =>
        (counts += 1) === 1
          ? Response.json(due.slice(0, 1), { headers: { 'X-Total-Count': String(due.length) } })
          : (new Promise<Response>(() => undefined) as unknown as Response),
      'POST /api/review/c1': () => {
        due = [SECOND];
        return Response.json(reviewed('c1', 'good', 10));
      },
      'POST /api/review/c2': () => Response.json(reviewed('c2', 'easy', 4 * 24 * 60)),
    });
    renderSession();
    await screen.findByRole('group', { name: 'Question' });
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    press('3');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a collision?'),
    );
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    press('4');
    await waitFor(() => expect(api.callsTo('POST /api/review/c2')).toHaveLength(1));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the question, reveals the answer on Space, rates on 3 and moves focus to the next card', async () => {
    let due = [FIRST, SECOND];
    const api = fakeApi({
      'GET /api/review/due': () => Response.json(due),
      'POST /api/review/c1': () => {
        due = [SECOND];
        return Response.json(reviewed('c1', 'good', 10));
      },
    });
    renderSession();
    const question = await screen.findByRole('group', { name: 'Question' });
    expect(question).toHaveTextContent('What is a hash table?');
    expect(question).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Answer' })).toBeNull();

    // A rating before the answer is shown does nothing.
    press('3');
    expect(api.callsTo('POST /api/review/c1')).toEqual([]);

    press(' ');
    const answer = await screen.findByRole('group', { name: 'Answer' });
    expect(answer).toHaveTextContent('An array of buckets.');
    expect(answer).toHaveFocus();
    expect(screen.getByRole('button', { name: /Good/ })).toHaveAttribute('aria-keyshortcuts', '3');

    press('3');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a collision?'),
    );
    expect(api.callsTo('POST /api/review/c1')).toEqual([{ rating: 'good' }]);
    expect(screen.getByRole('group', { name: 'Question' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('1 card due');
    // The rated card leaves the list held; the list is not read again.
    expect(api.callsTo('GET /api/review/due')).toHaveLength(1);
  });

  it('reads the next cards once those listed are done, when more are due than were listed', async () => {
    let due = [FIRST];
    const api = fakeApi({
      'GET /api/review/due': () => Response.json(due, { headers: { 'X-Total-Count': '2' } }),
      'POST /api/review/c1': () => {
        due = [SECOND];
        return Response.json(reviewed('c1', 'good', 3 * 24 * 60));
      },
    });
    renderSession();
    await screen.findByRole('group', { name: 'Question' });
    expect(screen.getByRole('status')).toHaveTextContent('2 cards due');
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    press('3');
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a collision?'),
    );
    expect(api.callsTo('GET /api/review/due')).toHaveLength(2);
  });

  it('shows a new card unrevealed when the list read again puts another card first', async () => {
    let due = [FIRST, SECOND];
    const api = fakeApi({ 'GET /api/review/due': () => Response.json(due) });
    const client = createQueryClient();
    renderSession(undefined, client);
    await screen.findByRole('group', { name: 'Question' });
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });

    // Rated elsewhere (another tab): the list read again starts with the second card.
    due = [SECOND];
    await act(() => client.invalidateQueries({ queryKey: queryKeys.review.all }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a collision?'),
    );
    expect(screen.queryByRole('group', { name: 'Answer' })).toBeNull();
    press('3');
    expect(api.callsTo('POST /api/review/c2')).toEqual([]);
  });

  it('waits for a card rated again when nothing else is due, and shows it once it falls due', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let due = [FIRST];
    const api = fakeApi({
      'GET /api/review/due': () => Response.json(due),
      'POST /api/review/c1': () => {
        due = [];
        return Response.json(reviewed('c1', 'again', 1));
      },
    });
    renderSession();
    await screen.findByRole('group', { name: 'Question' });
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    press('1');
    const waiting = await screen.findByRole('heading', { name: /^Next card in (1:00|0:59)$/ });
    expect(waiting).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Nothing to review right now' })).toBeNull();
    expect(api.callsTo('GET /api/review/due')).toHaveLength(1);

    due = [{ ...FIRST, due: '2026-03-02T09:01:00.000Z' }];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('heading', { name: /^Next card in 0:(30|29)$/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a hash table?'),
    );
    expect(screen.queryByRole('group', { name: 'Answer' })).toBeNull();
    expect(api.callsTo('GET /api/review/due')).toHaveLength(2);
  });

  it('does not wait for a card due again in days', async () => {
    fakeApi({
      'GET /api/review/due': () => Response.json([FIRST]),
      'POST /api/review/c1': () => Response.json(reviewed('c1', 'good', 3 * 24 * 60)),
    });
    renderSession();
    await screen.findByRole('group', { name: 'Question' });
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    press('3');
    expect(await screen.findByRole('heading', { name: 'Nothing to review right now' })).toHaveFocus();
  });

  it('keeps the card and says why when the rating is not saved', async () => {
    fakeApi({
      'GET /api/review/due': () => Response.json([FIRST]),
      'POST /api/review/c1': () => message('Card not found.', 404),
    });
    renderSession();
    await screen.findByRole('group', { name: 'Question' });
    press(' ');
    await screen.findByRole('group', { name: 'Answer' });
    fireEvent.click(screen.getByRole('button', { name: /Again/ }));
    expect(await screen.findByText('Card not found.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Question' })).toHaveTextContent('What is a hash table?');
  });

  it("asks for one video's cards, and says when nothing is due", async () => {
    const api = fakeApi({ 'GET /api/review/due?videoId=v1': () => Response.json([]) });
    renderSession('v1');
    const empty = await screen.findByRole('heading', { name: 'Nothing to review right now' });
    expect(empty).toHaveFocus();
    expect(api.callsTo('GET /api/review/due?videoId=v1')).toHaveLength(1);
  });
});
