import {
  AccountExportSchema,
  writeQuiz,
  type DueCard,
  type ExamPace,
  type Quiz,
  type QuizAttempt,
  type QuizReviewCard,
} from '@lectern/contracts';
import { QUIZ_QUESTIONS, quizAnswers } from '@lectern/contracts/testing';
import { insertAiContent, insertVideo, type Db } from '@lectern/db';
import type { Clock } from '../common/clock';
import {
  cacheTranscript,
  gatewayDb,
  signedInBrowser,
  startTestGateway,
  type TestGateway,
} from '../../test/support';

// A video's quiz taken through the gateway: read, answered and scored, attempts listed, wrong answers brought
// into the FSRS review deck (by hand and by the setting), questions answered later rating their cards, and the
// exam date that keeps a video's cards due before it. The gateway's clock is moved by hand.

const DAY = 24 * 60 * 60_000;
const START = new Date('2026-03-02T09:00:00.000Z');

class ManualClock implements Clock {
  private at = START.getTime();
  now(): Date {
    return new Date(this.at);
  }
  set(date: Date): void {
    this.at = date.getTime();
  }
}

const QUESTIONS = QUIZ_QUESTIONS;

/** Answers for the three questions (q1 and q2 multiple choice, q3 a short answer): all right unless told otherwise. */
const answersWith = (wrong: { q1?: boolean; q2?: boolean; q3?: boolean } = {}) =>
  quizAnswers(
    QUESTIONS,
    Object.keys(wrong).filter((id) => wrong[id as keyof typeof wrong]),
  );

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

describe('quizzes', () => {
  const clock = new ManualClock();
  let gateway: TestGateway;
  let db: Db;
  let videos = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { clock });
    db = gatewayDb(gateway);
  });
  afterAll(() => gateway.close());
  beforeEach(() => clock.set(START));

  async function studentWithVideo(label = 'student') {
    const browser = await signedInBrowser(gateway, label);
    videos += 1;
    const youtubeId = `quizLect${String(videos).padStart(3, '0')}`;
    const transcriptId = await cacheTranscript(db, youtubeId);
    const videoId = await insertVideo(db, { userId: browser.userId, transcriptId, youtubeId });
    return { browser, videoId };
  }

  async function storeQuiz(videoId: string, questions = QUESTIONS): Promise<string> {
    const row = await insertAiContent(db, {
      video_id: videoId,
      feature_type: 'quiz',
      summary_length: null,
      output_text: writeQuiz(questions),
      engine: 'offline',
      model: 'offline',
    });
    return row.id;
  }

  async function attempt(browser: Browser, quizId: string, answers: object): Promise<QuizAttempt> {
    const response = await browser.post(`/api/quizzes/${quizId}/attempts`).send({ answers });
    expect(response.status).toBe(201);
    return response.body as QuizAttempt;
  }

  const due = async (browser: Browser, videoId: string): Promise<DueCard[]> => {
    const response = await browser.get(`/api/review/due?videoId=${videoId}`);
    expect(response.status).toBe(200);
    return response.body as DueCard[];
  };

  const ratingsOf = async (cardId: string): Promise<string[]> =>
    (
      await db.query<{ rating: string }>(
        'SELECT rating FROM review_logs WHERE card_id = $1 ORDER BY reviewed_at',
        [cardId],
      )
    ).rows.map((row) => row.rating);

  describe('GET /api/quizzes/:videoId', () => {
    it('answers the newest quiz of the video as questions, to a Free user too, and 404 before there is one', async () => {
      const { browser, videoId } = await studentWithVideo();
      const none = await browser.get(`/api/quizzes/${videoId}`);
      expect(none.status).toBe(404);
      expect(none.body).toEqual({
        message: 'This video has no quiz yet. Generate one in the study tools first.',
      });

      await storeQuiz(videoId, QUESTIONS.slice(0, 1));
      const quizId = await storeQuiz(videoId);
      const response = await browser.get(`/api/quizzes/${videoId}`);
      expect(response.status).toBe(200);
      const quiz = response.body as Quiz;
      expect(quiz).toEqual({
        id: quizId,
        videoId,
        createdAt: expect.any(String),
        questions: expect.any(Array),
      });
      expect(quiz.questions.map((question) => [question.id, question.kind, question.moment.start])).toEqual([
        ['q1', 'choice', 22],
        ['q2', 'choice', 3725],
        ['q3', 'short', 37],
      ]);
      expect(quiz.questions[0]).toMatchObject({
        prompt: QUESTIONS[0]!.prompt,
        options: QUESTIONS[0]!.options,
        answer: QUESTIONS[0]!.answer,
      });
    });

    it("answers 404 Video not found. for another user's video and a missing one", async () => {
      const { videoId } = await studentWithVideo('owner');
      await storeQuiz(videoId);
      const { browser: other } = await studentWithVideo('other');
      for (const id of [videoId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await other.get(`/api/quizzes/${id}`);
        expect([response.status, response.body]).toEqual([404, { message: 'Video not found.' }]);
        const attempts = await other.get(`/api/quizzes/${id}/attempts`);
        expect([attempts.status, attempts.body]).toEqual([404, { message: 'Video not found.' }]);
      }
    });
  });

  describe('POST /api/quizzes/:id/attempts', () => {
    it('marks choices by the option chosen and short answers by the student, stores the attempt and lists attempts newest first', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      const first = await attempt(browser, quizId, answersWith({ q2: true, q3: true }));
      expect(first).toEqual({
        id: expect.any(String),
        quizId,
        score: 1,
        total: 3,
        results: [
          { questionId: 'q1', correct: true },
          { questionId: 'q2', correct: false },
          { questionId: 'q3', correct: false },
        ],
        createdAt: START.toISOString(),
      });
      clock.set(new Date(START.getTime() + DAY));
      const second = await attempt(browser, quizId, answersWith());
      expect(second.score).toBe(3);

      const listed = await browser.get(`/api/quizzes/${videoId}/attempts`);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([second, first]);
      const stored = await db.query('SELECT answers_json FROM quiz_attempts WHERE id = $1', [first.id]);
      expect(stored.rows[0]!.answers_json).toEqual(answersWith({ q2: true, q3: true }));
    });

    it.each([
      ['a question left out', { q1: { choice: 0 }, q2: { choice: 1 } }, 'Please answer question q3.'],
      ['an unknown question', { ...answersWith(), q9: { choice: 0 } }, 'This quiz has no question q9.'],
      [
        'a mark for a multiple-choice question',
        { ...answersWith(), q1: { mark: 'right' } },
        'Question q1 is multiple choice: answer it with choice (0 to 3).',
      ],
      [
        'a choice for a short answer',
        { ...answersWith(), q3: { choice: 1 } },
        'Question q3 is a short answer: mark it "right" or "wrong" against the model answer.',
      ],
      [
        'a choice out of range',
        { ...answersWith(), q1: { choice: 4 } },
        'choice must be the index of the chosen option, a whole number from 0 to 3 (A to D).',
      ],
      [
        'a choice given as text',
        { ...answersWith(), q1: { choice: 'B' } },
        'choice must be the index of the chosen option, a whole number from 0 to 3 (A to D).',
      ],
      [
        'a mark neither right nor wrong',
        { ...answersWith(), q3: { mark: 'maybe' } },
        'mark must be "right" or "wrong".',
      ],
      [
        'both a choice and a mark',
        { ...answersWith(), q1: { choice: 1, mark: 'right' } },
        'Each answer gives either choice (0 to 3) or mark ("right" or "wrong"), not both or neither.',
      ],
      [
        'a key that is no question id',
        { ...answersWith(), first: { choice: 1 } },
        'answers are keyed by question id, such as "q1", "q2" and so on.',
      ],
      [
        'answers as a list',
        [{ choice: 1 }],
        'answers must be an object giving an answer for each question id.',
      ],
    ])('answers 400 for %s, storing nothing', async (_case, answers, message) => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      const response = await browser.post(`/api/quizzes/${quizId}/attempts`).send({ answers });
      expect([response.status, response.body]).toEqual([400, { message }]);
      const stored = await db.query('SELECT 1 FROM quiz_attempts WHERE video_id = $1', [videoId]);
      expect(stored.rows).toHaveLength(0);
    });

    it("answers 404 Quiz not found. for another user's quiz, a missing one and an item that is no quiz", async () => {
      const { videoId } = await studentWithVideo('owner');
      const quizId = await storeQuiz(videoId);
      const summary = await insertAiContent(db, {
        video_id: videoId,
        feature_type: 'summary',
        summary_length: 'short',
        output_text: 'A summary.',
        engine: 'offline',
        model: 'offline',
      });
      const { browser: other, videoId: otherVideo } = await studentWithVideo('other');
      const otherSummary = await insertAiContent(db, {
        video_id: otherVideo,
        feature_type: 'summary',
        summary_length: 'short',
        output_text: 'Mine.',
        engine: 'offline',
        model: 'offline',
      });
      for (const id of [
        quizId,
        summary.id,
        otherSummary.id,
        '00000000-0000-4000-8000-000000000000',
        'nope',
      ]) {
        const response = await other.post(`/api/quizzes/${id}/attempts`).send({ answers: answersWith() });
        expect([response.status, response.body]).toEqual([404, { message: 'Quiz not found.' }]);
        const review = await other.post(`/api/quizzes/${id}/questions/q1/review`);
        expect([review.status, review.body]).toEqual([404, { message: 'Quiz not found.' }]);
      }
      const stored = await db.query('SELECT 1 FROM quiz_attempts WHERE video_id = $1', [videoId]);
      expect(stored.rows).toHaveLength(0);
    });
  });

  describe('a wrong answer into review', () => {
    it('adds the question as one card with its moment, however often asked, kept when the flashcards change', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      await attempt(browser, quizId, answersWith({ q2: true }));
      expect(await due(browser, videoId)).toEqual([]);

      const first = await browser.post(`/api/quizzes/${quizId}/questions/q2/review`);
      expect(first.status).toBe(200);
      const card = first.body as QuizReviewCard;
      expect(card).toEqual({
        id: expect.any(String),
        videoId,
        quizId,
        questionId: 'q2',
        due: START.toISOString(),
        moment: { start: 3725 },
        added: true,
      });
      const again = await browser.post(`/api/quizzes/${quizId}/questions/q2/review`);
      expect([again.status, again.body]).toEqual([200, { ...card, added: false }]);
      // A regenerated quiz asking the same question is still the same card.
      const regenerated = await storeQuiz(videoId, [QUESTIONS[1]!]);
      const fromNewQuiz = await browser.post(`/api/quizzes/${regenerated}/questions/q1/review`);
      expect(fromNewQuiz.body).toMatchObject({ id: card.id, added: false });

      // Flashcards synced into the same deck leave the quiz's card alone.
      await insertAiContent(db, {
        video_id: videoId,
        feature_type: 'flashcards',
        summary_length: null,
        output_text: 'Q: What is chaining?\nA: A list per slot.',
        engine: 'offline',
        model: 'offline',
      });
      const cards = await due(browser, videoId);
      expect(cards).toHaveLength(2);
      expect(cards.find((c) => c.id === card.id)).toEqual({
        id: card.id,
        videoId,
        question: [
          'In {set} notation, which holds: a = b ~ c # d, or x: y\\z?',
          '',
          'A. a = b ~ c # d',
          'B. x: y\\z',
          'C. { } only',
          'D. 3 < 5 & 4 > 2',
        ].join('\n'),
        answer: 'x: y\\z\n\nOnly x: y\\z holds [1:02:05], because {set} & <tags> say so.',
        due: START.toISOString(),
        moment: { start: 3725 },
      });
      expect(cards.find((c) => c.id !== card.id)).not.toHaveProperty('moment');
    });

    it('answers 404 for a question the quiz does not have', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      const missing = await browser.post(`/api/quizzes/${quizId}/questions/q9/review`);
      expect([missing.status, missing.body]).toEqual([404, { message: 'This quiz has no question q9.' }]);
      const odd = await browser.post(`/api/quizzes/${quizId}/questions/first/review`);
      expect([odd.status, odd.body]).toEqual([
        404,
        { message: 'Question not found: question ids are q1, q2 and so on.' },
      ]);
    });

    it('rates the card good when the question is answered right later, and again when wrong again', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      const added = await browser.post(`/api/quizzes/${quizId}/questions/q3/review`);
      const cardId = (added.body as QuizReviewCard).id;

      clock.set(new Date(START.getTime() + DAY));
      await attempt(browser, quizId, answersWith());
      expect(await ratingsOf(cardId)).toEqual(['good']);
      clock.set(new Date(START.getTime() + 2 * DAY));
      await attempt(browser, quizId, answersWith({ q3: true }));
      expect(await ratingsOf(cardId)).toEqual(['good', 'again']);
      // The other questions have no card: nothing was added for them.
      const cards = await db.query('SELECT id FROM review_cards WHERE video_id = $1', [videoId]);
      expect(cards.rows.map((row) => row.id)).toEqual([cardId]);
    });

    it('adds every wrong answer by itself once the student turns the setting on', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      expect((await browser.get('/api/quiz-settings')).body).toEqual({ autoReviewWrongAnswers: false });
      await attempt(browser, quizId, answersWith({ q1: true }));
      expect(await due(browser, videoId)).toEqual([]);

      const on = await browser.put('/api/quiz-settings').send({ autoReviewWrongAnswers: true });
      expect([on.status, on.body]).toEqual([200, { autoReviewWrongAnswers: true }]);
      expect((await browser.get('/api/quiz-settings')).body).toEqual({ autoReviewWrongAnswers: true });
      await attempt(browser, quizId, answersWith({ q1: true, q2: true }));
      const cards = await due(browser, videoId);
      expect(cards.map((card) => card.moment)).toEqual([{ start: 22 }, { start: 3725 }]);
      // New cards are not rated by the attempt that added them; answered wrong again, they are.
      expect(await ratingsOf(cards[0]!.id)).toEqual([]);
      await attempt(browser, quizId, answersWith({ q1: true }));
      expect(await ratingsOf(cards[0]!.id)).toEqual(['again']);
      expect(await ratingsOf(cards[1]!.id)).toEqual(['good']);

      const bad = await browser.put('/api/quiz-settings').send({ autoReviewWrongAnswers: 'yes' });
      expect([bad.status, bad.body]).toEqual([
        400,
        { message: 'autoReviewWrongAnswers must be true or false.' },
      ]);
      // Another student's setting is their own.
      const { browser: other } = await studentWithVideo('other');
      expect((await other.get('/api/quiz-settings')).body).toEqual({ autoReviewWrongAnswers: false });
    });
  });

  it("puts the video's attempts, exam date and quiz cards with their moment in the account export", async () => {
    const { browser, videoId } = await studentWithVideo();
    const quizId = await storeQuiz(videoId);
    const taken = await attempt(browser, quizId, answersWith({ q3: true }));
    await browser.post(`/api/quizzes/${quizId}/questions/q3/review`);
    await browser.put(`/api/videos/${videoId}/exam`).send({ date: '2026-06-15' });
    const exported = await browser.get('/api/auth/me/export');
    expect(exported.status).toBe(200);
    const entry = AccountExportSchema.parse(exported.body).library.find((video) => video.id === videoId)!;
    expect(entry.examDate).toBe('2026-06-15');
    expect(entry.quizAttempts).toEqual([{ ...taken, answers: answersWith({ q3: true }) }]);
    expect(entry.reviewCards).toEqual([
      expect.objectContaining({ source: 'quiz', moment: { start: 37 }, question: QUESTIONS[2]!.prompt }),
    ]);
  });

  describe('the exam date', () => {
    it('refuses a past date or no date at all with 400, and another user’s video with 404', async () => {
      const { browser, videoId } = await studentWithVideo();
      const cases: Array<[object, string]> = [
        [{ date: '2026-03-01' }, 'The exam date must be today or later.'],
        [{ date: '15/06/2026' }, 'date must be a day such as "2026-06-15", or null to remove the exam date.'],
        [{ date: '2026-02-30' }, 'date is not a day of the calendar.'],
        [{}, 'date must be a day such as "2026-06-15", or null to remove the exam date.'],
      ];
      for (const [body, message] of cases) {
        const response = await browser.put(`/api/videos/${videoId}/exam`).send(body);
        expect([response.status, response.body]).toEqual([400, { message }]);
      }
      const today = await browser.put(`/api/videos/${videoId}/exam`).send({ date: '2026-03-02' });
      expect([today.status, today.body]).toEqual([200, { videoId, examDate: '2026-03-02' }]);
      const { browser: other } = await studentWithVideo('other');
      const foreign = await other.put(`/api/videos/${videoId}/exam`).send({ date: '2026-06-15' });
      expect([foreign.status, foreign.body]).toEqual([404, { message: 'Video not found.' }]);
      const pace = await other.get(`/api/review/exam?videoId=${videoId}`);
      expect([pace.status, pace.body]).toEqual([404, { message: 'Video not found.' }]);
    });

    it('lists every exam still to come across the library, soonest first, and no other user’s', async () => {
      const { browser, videoId: later } = await studentWithVideo();
      const another = async () => {
        videos += 1;
        const youtubeId = `quizLect${String(videos).padStart(3, '0')}`;
        const transcriptId = await cacheTranscript(db, youtubeId);
        return insertVideo(db, { userId: browser.userId, transcriptId, youtubeId });
      };
      const [sooner, past, none] = [await another(), await another(), await another()];
      await browser.put(`/api/videos/${past}/exam`).send({ date: '2026-03-03' });
      await browser.put(`/api/videos/${later}/exam`).send({ date: '2026-04-01' });
      await browser.put(`/api/videos/${sooner}/exam`).send({ date: '2026-03-10' });
      const { browser: other, videoId: theirs } = await studentWithVideo('other');
      await other.put(`/api/videos/${theirs}/exam`).send({ date: '2026-03-05' });

      clock.set(new Date(START.getTime() + 2 * DAY));
      const exams = await browser.get('/api/review/exams');
      expect(exams.status).toBe(200);
      const listed = exams.body as ExamPace[];
      expect(listed.map((pace) => [pace.videoId, pace.examDate])).toEqual([
        [sooner, '2026-03-10'],
        [later, '2026-04-01'],
      ]);
      expect(listed.map((pace) => pace.videoId)).not.toContain(none);
      expect(listed[0]).toEqual((await browser.get(`/api/review/exam?videoId=${sooner}`)).body);
      expect((await other.get('/api/review/exams')).body).toEqual([
        expect.objectContaining({ videoId: theirs, examDate: '2026-03-05' }),
      ]);
    });

    it('keeps every card due before the exam day, says how many are left and whether the pace is enough', async () => {
      const { browser, videoId } = await studentWithVideo();
      const quizId = await storeQuiz(videoId);
      const cardIds: string[] = [];
      for (const question of ['q1', 'q2', 'q3']) {
        const added = await browser.post(`/api/quizzes/${quizId}/questions/${question}/review`);
        cardIds.push((added.body as QuizReviewCard).id);
      }
      // The first card learnt over weeks, with no exam: its interval grows past the exam to come.
      let at = START;
      for (let i = 0; i < 6; i += 1) {
        clock.set(at);
        const rated = await browser.post(`/api/review/${cardIds[0]}`).send({ rating: 'good' });
        at = new Date(rated.body.due as string);
      }
      const beforeExam = new Date(at.getTime() - 2 * DAY);
      clock.set(beforeExam);
      const examDate = new Date(at.getTime() + 3 * DAY).toISOString().slice(0, 10);
      const deadline = new Date(`${examDate}T00:00:00.000Z`);
      const cardDue = async () =>
        (await db.query<{ due: Date }>('SELECT due FROM review_cards WHERE id = $1', [cardIds[0]])).rows[0]!
          .due;

      const noExam = await browser.get(`/api/review/exam?videoId=${videoId}`);
      expect(noExam.body).toEqual({
        videoId,
        examDate: null,
        daysLeft: 0,
        cardsLeft: 0,
        newCardsLeft: 0,
        cardsPerDay: 0,
        paceEnough: true,
      });

      const set = await browser.put(`/api/videos/${videoId}/exam`).send({ date: examDate });
      expect(set.body).toEqual({ videoId, examDate });
      const pace = (await browser.get(`/api/review/exam?videoId=${videoId}`)).body as ExamPace;
      expect(pace).toEqual({
        videoId,
        examDate,
        daysLeft: 5,
        cardsLeft: 3,
        newCardsLeft: 2,
        cardsPerDay: 1,
        paceEnough: true,
      });

      // Rated easy on its due day, the card would come back long after the exam; it is due by the exam day.
      clock.set(at);
      const rated = await browser.post(`/api/review/${cardIds[0]}`).send({ rating: 'easy' });
      expect(rated.status).toBe(200);
      expect(rated.body.due).toBe(deadline.toISOString());
      expect((await cardDue()).toISOString()).toBe(deadline.toISOString());
      const after = (await browser.get(`/api/review/exam?videoId=${videoId}`)).body as ExamPace;
      expect(after).toMatchObject({ daysLeft: 3, cardsLeft: 2, newCardsLeft: 2, paceEnough: true });

      // After the exam day has begun, scheduling is normal again.
      clock.set(new Date(deadline.getTime() + 3_600_000));
      const later = await browser.post(`/api/review/${cardIds[0]}`).send({ rating: 'easy' });
      expect(new Date(later.body.due as string).getTime()).toBeGreaterThan(deadline.getTime() + 7 * DAY);
      expect((await browser.get(`/api/review/exam?videoId=${videoId}`)).body).toMatchObject({
        examDate,
        daysLeft: 0,
        cardsLeft: 0,
        paceEnough: true,
      });
      const cleared = await browser.put(`/api/videos/${videoId}/exam`).send({ date: null });
      expect(cleared.body).toEqual({ videoId, examDate: null });
    });

    it('brings cards due after a new exam date forward to it, and says the pace is not enough when new cards outnumber the days', async () => {
      const { browser, videoId } = await studentWithVideo();
      const many = Array.from({ length: 45 }, (_, i) => `Q: Term ${i}?\nA: Meaning ${i}.`).join('\n\n');
      await insertAiContent(db, {
        video_id: videoId,
        feature_type: 'flashcards',
        summary_length: null,
        output_text: many,
        engine: 'offline',
        model: 'offline',
      });
      const [first] = await due(browser, videoId);
      clock.set(START);
      const rated = await browser.post(`/api/review/${first!.id}`).send({ rating: 'easy' });
      expect(new Date(rated.body.due as string).getTime()).toBeGreaterThan(START.getTime() + 3 * DAY);

      const examDate = '2026-03-04';
      await browser.put(`/api/videos/${videoId}/exam`).send({ date: examDate });
      const stored = await db.query<{ due: Date }>('SELECT due FROM review_cards WHERE id = $1', [first!.id]);
      expect(stored.rows[0]!.due.toISOString()).toBe('2026-03-04T00:00:00.000Z');
      // 44 new cards, 20 a day, 2 days left: 3 days needed.
      expect((await browser.get(`/api/review/exam?videoId=${videoId}`)).body).toEqual({
        videoId,
        examDate,
        daysLeft: 2,
        cardsLeft: 44,
        newCardsLeft: 44,
        cardsPerDay: 22,
        paceEnough: false,
      });
    });
  });
});
