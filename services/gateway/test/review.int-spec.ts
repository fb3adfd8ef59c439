import { AccountExportSchema, type DueCard, type ReviewedCard, type ReviewRating } from '@lectern/contracts';
import { insertAiContent, insertTranscriptIfAbsent, insertVideo, typeormDb, type Db } from '@lectern/db';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { DataSource } from 'typeorm';
import type { Clock } from '../src/common/clock';
import { signedInBrowser } from './support/signed-in-browser';
import { startTestGateway, type TestGateway } from './support/test-gateway';

// Review over several days with the gateway's clock moved by hand: each schedule the API answers must be the one
// ts-fsrs itself computes for the same ratings at the same times (the parameters of docs/api.md, "Review").

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = new Date('2026-03-02T09:00:00.000Z');
/** New cards introduced a day (docs/api.md, "Review"). */
const NEW_CARDS_PER_DAY = 20;

class ManualClock implements Clock {
  private at = START.getTime();
  now(): Date {
    return new Date(this.at);
  }
  set(date: Date): void {
    this.at = date.getTime();
  }
  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }
}

const expectedScheduler = fsrs(generatorParameters({ enable_fuzz: true }));
const GRADE: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** What ts-fsrs makes of a new card created at `created` rated as given, one rating per entry. */
function expectedCard(created: Date, ratings: Array<[ReviewRating, Date]>): Card {
  let card = createEmptyCard(created);
  for (const [rating, at] of ratings) card = expectedScheduler.next(card, at, GRADE[rating]).card;
  return card;
}

const FLASHCARDS = [
  'Q: What is a hash table?',
  'A: An array indexed by the hash of each key.',
  '',
  'Q: What is a collision?',
  'A: Two keys hashing to the same slot.',
  '',
  'Q: What is the load factor?',
  'A: Entries divided by slots.',
].join('\n');

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

describe('review of flashcards, scheduled by FSRS', () => {
  const clock = new ManualClock();
  let gateway: TestGateway;
  let db: Db;
  let student: Browser;
  let other: Browser;
  let videoId: string;
  let otherVideoId: string;

  async function addVideo(userId: string, youtubeId: string): Promise<string> {
    const transcriptId = await insertTranscriptIfAbsent(db, {
      youtube_id: youtubeId,
      title: `Lecture ${youtubeId}`,
      channel_name: 'Lectures',
      thumbnail_url: null,
      duration: 600,
      caption_language: 'en',
      captions_auto_generated: false,
      caption_tracks_json: '[]',
      segment_count: 1,
      segments_json: JSON.stringify([{ start: 0, duration: 5, text: 'Hash tables.' }]),
      transcript_text: 'Hash tables.',
    });
    return insertVideo(db, { userId, transcriptId: transcriptId!, youtubeId });
  }

  async function writeFlashcards(forVideo: string, text: string): Promise<void> {
    await insertAiContent(db, {
      video_id: forVideo,
      feature_type: 'flashcards',
      summary_length: null,
      output_text: text,
      engine: 'offline',
      model: 'offline',
    });
  }

  async function due(browser: Browser, query = ''): Promise<DueCard[]> {
    const response = await browser.get(`/api/review/due${query}`);
    expect(response.status).toBe(200);
    return response.body as DueCard[];
  }

  async function rate(card: DueCard, rating: ReviewRating): Promise<ReviewedCard> {
    const response = await student.post(`/api/review/${card.id}`).send({ rating });
    expect(response.status).toBe(200);
    return response.body as ReviewedCard;
  }

  const byQuestion = (cards: DueCard[], start: string) => cards.find((c) => c.question.startsWith(start));

  beforeAll(async () => {
    gateway = await startTestGateway({}, { clock });
    db = typeormDb(gateway.app.get(DataSource).manager);
    student = await signedInBrowser(gateway, 'student');
    other = await signedInBrowser(gateway, 'other');
    videoId = await addVideo(student.userId, 'reviewHash1');
    otherVideoId = await addVideo(other.userId, 'reviewHash2');
    await writeFlashcards(videoId, FLASHCARDS);
    await writeFlashcards(otherVideoId, 'Q: Whose card is this?\nA: The other student’s.');
  });
  afterAll(() => gateway.close());

  it('makes every flashcard a card due at once, in the order of the flashcards', async () => {
    clock.set(START);
    const cards = await due(student);
    expect(cards).toEqual([
      {
        id: expect.any(String),
        videoId,
        question: 'What is a hash table?',
        answer: 'An array indexed by the hash of each key.',
        due: START.toISOString(),
      },
      expect.objectContaining({ question: 'What is a collision?', due: START.toISOString() }),
      expect.objectContaining({ question: 'What is the load factor?', due: START.toISOString() }),
    ]);
    // Read again, nothing is added twice.
    expect((await due(student)).map((c) => c.id)).toEqual(cards.map((c) => c.id));
    expect((await due(student, `?videoId=${videoId}`)).map((c) => c.id)).toEqual(cards.map((c) => c.id));
  });

  it('schedules good later and again soon, as ts-fsrs does, with intervals that grow over days', async () => {
    clock.set(START);
    const cards = await due(student);
    const table = byQuestion(cards, 'What is a hash table')!;
    const collision = byQuestion(cards, 'What is a collision')!;

    const ratings: Array<[ReviewRating, Date]> = [];
    const reviewTable = async (rating: ReviewRating) => {
      ratings.push([rating, clock.now()]);
      const answer = await rate(table, rating);
      const expected = expectedCard(START, ratings);
      expect(answer).toMatchObject({
        id: table.id,
        videoId,
        rating,
        due: expected.due.toISOString(),
        reps: expected.reps,
        lapses: expected.lapses,
        scheduledDays: expected.scheduled_days,
        lastReview: clock.now().toISOString(),
      });
      return answer;
    };

    const first = await reviewTable('good');
    expect(first.state).toBe('learning');
    expect(new Date(first.due).getTime()).toBeGreaterThan(START.getTime());

    const lapsed = await rate(collision, 'again');
    expect(lapsed.state).toBe('learning');
    const expectedAgain = expectedCard(START, [['again', START]]);
    expect(lapsed.due).toBe(expectedAgain.due.toISOString());
    // Again comes back sooner than good.
    expect(new Date(lapsed.due).getTime()).toBeLessThan(new Date(first.due).getTime());

    // Due now: the card rated again is due before the other, the one rated good is not due yet.
    clock.set(new Date(lapsed.due));
    const dueSoon = await due(student);
    expect(dueSoon.map((c) => c.question)).toEqual(['What is the load factor?', 'What is a collision?']);
    expect(dueSoon.map((c) => c.due)).toEqual([START.toISOString(), lapsed.due]);

    // Good through the learning steps into review, then good at each due date over the following days.
    const intervals: number[] = [];
    clock.set(new Date(first.due));
    let last = await reviewTable('good');
    expect(last.state).toBe('review');
    for (let review = 0; review < 4; review += 1) {
      intervals.push(last.scheduledDays);
      clock.set(new Date(last.due));
      expect((await due(student)).map((c) => c.id)).toContain(table.id);
      last = await reviewTable('good');
    }
    intervals.push(last.scheduledDays);
    expect(intervals[0]).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < intervals.length; i += 1) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]!);
    expect(clock.now().getTime() - START.getTime()).toBeGreaterThan(7 * DAY);

    // A lapse after days of good: relearning, due within minutes.
    clock.set(new Date(last.due));
    const forgotten = await reviewTable('again');
    expect(forgotten).toMatchObject({ state: 'relearning', lapses: 1 });
    expect(new Date(forgotten.due).getTime() - clock.now().getTime()).toBeLessThan(DAY);
  });

  it('lists due cards soonest first', async () => {
    const cards = await due(student);
    const dues = cards.map((c) => new Date(c.due).getTime());
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    for (const card of cards) expect(new Date(card.due).getTime()).toBeLessThanOrEqual(clock.now().getTime());
  });

  it('keeps the history of cards whose question survives regeneration, and retires the others', async () => {
    const before = await gateway.app
      .get(DataSource)
      .query<Array<{ id: string; question: string; reps: number; due: Date; stability: number }>>(
        `SELECT id, question, reps, due, stability FROM review_cards WHERE video_id = $1`,
        [videoId],
      );
    const table = before.find((c) => c.question === 'What is a hash table?')!;
    const collision = before.find((c) => c.question === 'What is a collision?')!;
    expect(table.reps).toBeGreaterThan(5);

    // The same question differently spaced and cased, with a new answer; the load factor is gone; one is new.
    await writeFlashcards(
      videoId,
      [
        '1. **Q:**   what is a HASH   table? ',
        '   **A:** A table of buckets addressed by a hash function.',
        '2. **Q:** What is a collision?',
        '   **A:** Two keys hashing to the same slot.',
        '3. **Q:** What is open addressing?',
        '   **A:** Probing other slots of the same array.',
      ].join('\n'),
    );
    clock.set(new Date(Math.max(table.due.getTime(), collision.due.getTime()) + DAY));
    // Several readers at once sync the deck once: no card twice, no error.
    const reads = await Promise.all([due(student), due(student), due(student, `?videoId=${videoId}`)]);
    for (const cards of reads) expect(cards.map((c) => c.id)).toEqual(reads[0].map((c) => c.id));
    const cards = reads[0];

    expect(cards.map((c) => c.question).sort()).toEqual([
      'What is a collision?',
      'What is open addressing?',
      'what is a HASH   table?',
    ]);
    const kept = cards.find((c) => c.id === table.id);
    expect(kept).toMatchObject({
      answer: 'A table of buckets addressed by a hash function.',
      due: table.due.toISOString(),
    });
    expect(cards.find((c) => c.id === collision.id)?.due).toBe(collision.due.toISOString());

    const after = await gateway.app
      .get(DataSource)
      .query<Array<{ id: string; reps: number; stability: number; retired: boolean; logs: number }>>(
        `SELECT c.id, c.reps, c.stability, c.retired_at IS NOT NULL AS retired,
                (SELECT count(*)::int FROM review_logs l WHERE l.card_id = c.id) AS logs
           FROM review_cards c WHERE c.video_id = $1`,
        [videoId],
      );
    expect(after).toHaveLength(4);
    const keptRow = after.find((c) => c.id === table.id)!;
    expect(keptRow).toMatchObject({ reps: table.reps, stability: table.stability, retired: false });
    expect(keptRow.logs).toBe(table.reps);
    const loadFactor = before.find((c) => c.question === 'What is the load factor?')!;
    expect(after.find((c) => c.id === loadFactor.id)).toMatchObject({ retired: true });

    // A retired card cannot be rated.
    const rated = await student.post(`/api/review/${loadFactor.id}`).send({ rating: 'good' });
    expect(rated.status).toBe(404);
    expect(rated.body).toEqual({ message: 'Card not found.' });
  });

  it('shows the cards and their ratings in the account export', async () => {
    const response = await student.get('/api/auth/me/export');
    expect(response.status).toBe(200);
    const exported = AccountExportSchema.parse(JSON.parse(response.text));
    const video = exported.library.find((v) => v.id === videoId)!;
    expect(video.reviewCards).toHaveLength(4);
    expect(video.reviewCards.find((c) => c.question === 'What is the load factor?')?.retired).toBe(true);
    const kept = video.reviewCards.find((c) => c.question === 'what is a HASH   table?')!;
    expect(kept.reviews.length).toBeGreaterThan(5);

    // Everything FSRS needs to carry on elsewhere: the card's whole schedule, and each rating with the schedule
    // the card had before it.
    const [row] = await gateway.app.get(DataSource).query<
      Array<{
        due: Date;
        stability: number;
        difficulty: number;
        elapsed_days: number;
        scheduled_days: number;
        learning_steps: number;
        last_review: Date;
      }>
    >('SELECT * FROM review_cards WHERE id = $1', [kept.id]);
    expect(kept).toMatchObject({
      due: row!.due.toISOString(),
      stability: row!.stability,
      difficulty: row!.difficulty,
      elapsedDays: row!.elapsed_days,
      scheduledDays: row!.scheduled_days,
      learningSteps: row!.learning_steps,
      lastReview: row!.last_review.toISOString(),
    });
    expect(kept.stability).toBeGreaterThan(0);
    const firstLog = expectedScheduler.next(createEmptyCard(START), START, Rating.Good).log;
    expect(kept.reviews[0]).toEqual({
      rating: 'good',
      reviewedAt: START.toISOString(),
      state: 'new',
      due: firstLog.due.toISOString(),
      stability: firstLog.stability,
      difficulty: firstLog.difficulty,
      elapsedDays: firstLog.elapsed_days,
      lastElapsedDays: firstLog.last_elapsed_days,
      scheduledDays: firstLog.scheduled_days,
      learningSteps: firstLog.learning_steps,
    });
    expect(kept.reviews[1]).toMatchObject({ rating: 'good', state: 'learning' });
    expect(kept.reviews.at(-1)).toMatchObject({ rating: 'again', state: 'review' });
  });

  it("answers 404 for another user's card and video, and never lists them", async () => {
    const [theirs] = await due(other);
    expect(theirs?.question).toBe('Whose card is this?');
    expect((await due(student)).map((c) => c.videoId)).not.toContain(otherVideoId);

    const rated = await student.post(`/api/review/${theirs!.id}`).send({ rating: 'good' });
    expect(rated.status).toBe(404);
    expect(rated.body).toEqual({ message: 'Card not found.' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-card']) {
      const missing = await student.post(`/api/review/${id}`).send({ rating: 'good' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Card not found.' });
    }
    for (const id of [otherVideoId, 'not-a-video']) {
      const response = await student.get(`/api/review/due?videoId=${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Video not found.' });
    }
    // Their card is untouched.
    expect((await due(other))[0]).toEqual(theirs);
  });

  it('applies two ratings sent at once one after the other', async () => {
    const card = byQuestion(await due(student), 'What is open addressing')!;
    const at = clock.now();
    const answers = await Promise.all([rate(card, 'good'), rate(card, 'good')]);
    const expected = expectedCard(new Date(card.due), [
      ['good', at],
      ['good', at],
    ]);
    expect(answers.map((a) => a.reps).sort()).toEqual([1, 2]);
    const [row] = await gateway.app.get(DataSource).query<Array<{ reps: number; due: Date; logs: number }>>(
      `SELECT reps, due, (SELECT count(*)::int FROM review_logs WHERE card_id = $1) AS logs
           FROM review_cards WHERE id = $1`,
      [card.id],
    );
    expect(row).toEqual({ reps: 2, due: expected.due, logs: 2 });
  });

  it('answers 400 with a sentence for a rating that is not one of the four', async () => {
    const [card] = await due(student);
    for (const body of [{ rating: 'perfect' }, { rating: 3 }, {}, { rating: 'Good' }]) {
      const response = await student.post(`/api/review/${card!.id}`).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'rating must be one of "again", "hard", "good" or "easy".' });
    }
    const notJson = await student
      .post(`/api/review/${card!.id}`)
      .set('Content-Type', 'application/json')
      .send('[');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ message: 'The request body is not valid JSON.' });
    const notObject = await student.post(`/api/review/${card!.id}`).send(['good']);
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual({ message: 'The request body must be a JSON object.' });
    expect((await gateway.http().get('/api/review/due')).status).toBe(401);
  });

  it("rates a card when this gateway's clock is behind the last review, across UTC midnight", async () => {
    const card = byQuestion(await due(student), 'What is a collision')!;
    // Another gateway, its clock ahead, rated the card just after midnight UTC; this one is five minutes behind.
    const midnight = new Date(Date.UTC(2026, 5, 1));
    clock.set(new Date(midnight.getTime() + 2 * MINUTE));
    const first = await rate(card, 'good');
    clock.set(new Date(midnight.getTime() - 3 * MINUTE));
    const response = await student.post(`/api/review/${card.id}`).send({ rating: 'good' });
    expect(response.status).toBe(200);
    // The rating counts as given at the last review, never before it.
    expect((response.body as ReviewedCard).lastReview).toBe(first.lastReview);
    expect((response.body as ReviewedCard).reps).toBe(first.reps + 1);
  });

  it('syncs a deck taking the user before the video, the order account deletion takes them in', async () => {
    const lockVideoId = await addVideo(student.userId, 'reviewLock1');
    await writeFlashcards(lockVideoId, 'Q: What does a lock order prevent?\nA: Deadlocks.');
    const deletion = gateway.app.get(DataSource).createQueryRunner();
    await deletion.connect();
    try {
      // Account deletion's first step: the user row, locked.
      await deletion.startTransaction();
      await deletion.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [student.userId]);
      const read = student.get(`/api/review/due?videoId=${lockVideoId}`).then((r) => r);
      // Wait until the sync waits on the user row.
      const [{ pid }] = (await deletion.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
      for (;;) {
        const waiting = (await deletion.query(
          `SELECT 1 FROM pg_locks w JOIN pg_locks h ON h.pid = $1 AND h.granted AND NOT w.granted
              AND h.locktype = w.locktype AND h.database IS NOT DISTINCT FROM w.database
              AND h.relation IS NOT DISTINCT FROM w.relation AND h.transactionid IS NOT DISTINCT FROM w.transactionid`,
          [pid],
        )) as unknown[];
        if (waiting.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Its next step, the cascade to the videos, must not find the video held by the sync.
      const video = (await deletion.query('SELECT id FROM videos WHERE id = $1 FOR UPDATE NOWAIT', [
        lockVideoId,
      ])) as unknown[];
      expect(video).toHaveLength(1);
      await deletion.rollbackTransaction();
      const response = await read;
      expect(response.status).toBe(200);
      expect((response.body as DueCard[]).map((c) => c.question)).toEqual([
        'What does a lock order prevent?',
      ]);
    } finally {
      if (deletion.isTransactionActive) await deletion.rollbackTransaction();
      await deletion.release();
    }
  });

  it('answers at most `limit` cards, soonest first, with how many are due in all', async () => {
    clock.set(new Date(Date.UTC(2029, 0, 1)));
    const all = await due(student);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const total = await student.get('/api/review/due');
    expect(total.headers['x-total-count']).toBe(String(all.length));
    const first = await student.get('/api/review/due?limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([all[0]]);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    const two = await student.get(`/api/review/due?limit=2&videoId=${videoId}`);
    expect(two.body).toEqual(all.filter((c) => c.videoId === videoId).slice(0, 2));
    expect((await student.get('/api/review/due?limit=500')).status).toBe(200);
    for (const limit of ['0', '501', '-1', '1.5', 'ten', '']) {
      const response = await student.get(`/api/review/due?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'limit must be a whole number from 1 to 500.' });
    }
  });

  it('lists 100 cards unless asked for more, the same ones on each read', async () => {
    const heavy = await signedInBrowser(gateway, 'heavy');
    const heavyVideo = await addVideo(heavy.userId, 'reviewMany1');
    const questions = Array.from({ length: 130 }, (_, i) => `Q: Question ${i + 1}?\nA: Answer ${i + 1}.`);
    await writeFlashcards(heavyVideo, questions.join('\n\n'));
    expect((await heavy.get('/api/review/due')).status).toBe(200);
    // All of them reviewed before and due again (new cards would stop at the day's allowance).
    await gateway.app.get(DataSource).query(
      `UPDATE review_cards SET state = 'review', reps = 1, stability = 3, difficulty = 5, scheduled_days = 3,
              last_review = due - interval '3 days' WHERE user_id = $1`,
      [heavy.userId],
    );
    const response = await heavy.get('/api/review/due');
    expect(response.status).toBe(200);
    const cards = response.body as DueCard[];
    expect(cards.map((c) => c.question)).toEqual(Array.from({ length: 100 }, (_, i) => `Question ${i + 1}?`));
    expect(response.headers['x-total-count']).toBe('130');
    expect((await heavy.get('/api/review/due')).body).toEqual(cards);
    const more = await heavy.get('/api/review/due?limit=500');
    expect((more.body as DueCard[]).slice(0, 100)).toEqual(cards);
    expect(more.body).toHaveLength(130);
  });

  it(`introduces at most ${NEW_CARDS_PER_DAY} new cards a day`, async () => {
    const learner = await signedInBrowser(gateway, 'learner');
    const learnerVideo = await addVideo(learner.userId, 'reviewNew1');
    const questions = Array.from({ length: 25 }, (_, i) => `Q: New ${i + 1}?\nA: Answer ${i + 1}.`);
    await writeFlashcards(learnerVideo, questions.join('\n\n'));
    const today = new Date(Date.UTC(2030, 0, 1, 9));
    clock.set(today);
    const listed = async (query = '') => {
      const response = await learner.get(`/api/review/due${query}`);
      expect(response.status).toBe(200);
      return {
        questions: (response.body as DueCard[]).map((c) => c.question),
        total: Number(response.headers['x-total-count']),
      };
    };
    const first = await listed();
    expect(first).toEqual({
      questions: Array.from({ length: NEW_CARDS_PER_DAY }, (_, i) => `New ${i + 1}?`),
      total: NEW_CARDS_PER_DAY,
    });
    // Five rated: five fewer new cards left for today, and those five are learning, not new.
    const cards = (await learner.get('/api/review/due')).body as DueCard[];
    for (const card of cards.slice(0, 5)) {
      expect((await learner.post(`/api/review/${card.id}`).send({ rating: 'easy' })).status).toBe(200);
    }
    expect(await listed()).toEqual({ questions: first.questions.slice(5), total: NEW_CARDS_PER_DAY - 5 });
    expect((await listed(`?videoId=${learnerVideo}`)).total).toBe(NEW_CARDS_PER_DAY - 5);
    // The next UTC day, the rest are introduced.
    clock.set(new Date(Date.UTC(2030, 0, 2, 0, 1)));
    const tomorrow = await listed();
    expect(tomorrow.questions.filter((q) => q.startsWith('New '))).toHaveLength(20);
    expect(tomorrow.questions).toContain('New 25?');
  });

  it('answers 409 with a sentence when FSRS refuses the schedule stored for a card', async () => {
    const [card] = await due(student);
    // A schedule no gateway writes (stability not a number), as a restore from elsewhere might leave it.
    await gateway.app
      .get(DataSource)
      .query(`UPDATE review_cards SET stability = 'NaN' WHERE id = $1`, [card!.id]);
    const response = await student.post(`/api/review/${card!.id}`).send({ rating: 'good' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message:
        'This card’s schedule cannot take a rating right now. Please reload the cards due and try again.',
    });
  });
});
