import type { Course, CourseExamPace, DueCard, ReviewedCard } from '@lectern/contracts';
import { insertAiContent, insertVideo, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import { cacheTranscript, ManualClock, signedInBrowser, startTestGateway, type TestGateway } from './support';

// A course's review: the cards of all its lectures in the course's order, and the course's exam date scheduling
// every lecture's cards as a video's own exam date does (the sooner of the two governs). The gateway's clock is
// moved by hand.

const START = new Date('2026-03-02T09:00:00.000Z');

type Browser = Awaited<ReturnType<typeof signedInBrowser>>;

const startOf = (day: string) => `${day}T00:00:00.000Z`;

describe('the review of a course', () => {
  const clock = new ManualClock(START);
  let gateway: TestGateway;
  let db: Db;
  let student: Browser;
  let other: Browser;
  let videos = 0;

  /** A library video of the user with one flashcard per question given. */
  async function videoWithCards(browser: Browser, questions: string[]): Promise<string> {
    videos += 1;
    const youtubeId = `crsReview${String(videos).padStart(2, '0')}`;
    const transcriptId = await cacheTranscript(db, youtubeId);
    const videoId = await insertVideo(db, { userId: browser.userId, transcriptId, youtubeId });
    await insertAiContent(db, {
      video_id: videoId,
      feature_type: 'flashcards',
      summary_length: null,
      output_text: questions.map((q) => `Q: ${q}\nA: The answer to ${q}`).join('\n\n'),
      engine: 'offline',
      model: 'offline',
    });
    return videoId;
  }

  async function course(browser: Browser, videoIds: string[], examDate?: string): Promise<string> {
    const made = await browser.post('/api/courses').send({ title: 'Algorithms', examDate });
    expect(made.status).toBe(201);
    const id = (made.body as Course).id;
    const set = await browser.put(`/api/courses/${id}/lectures`).send({ videoIds });
    expect(set.status).toBe(200);
    return id;
  }

  async function due(browser: Browser, query: string): Promise<DueCard[]> {
    const response = await browser.get(`/api/review/due${query}`);
    expect(response.status).toBe(200);
    return response.body as DueCard[];
  }

  /** Rates every card of the video easy now; the dues they get. */
  async function rateAllEasy(browser: Browser, videoId: string): Promise<string[]> {
    const dues: string[] = [];
    for (const card of await due(browser, `?videoId=${videoId}`)) {
      const rated = await browser.post(`/api/review/${card.id}`).send({ rating: 'easy' });
      expect(rated.status).toBe(200);
      dues.push((rated.body as ReviewedCard).due);
    }
    return dues;
  }

  async function duesOf(videoId: string): Promise<string[]> {
    const { rows } = await db.query<{ due: Date }>(
      'SELECT due FROM review_cards WHERE video_id = $1 ORDER BY position',
      [videoId],
    );
    return rows.map((row) => row.due.toISOString());
  }

  beforeAll(async () => {
    gateway = await startTestGateway({}, { clock });
    db = typeormDb(gateway.app.get(DataSource).manager);
    student = await signedInBrowser(gateway, 'student');
    other = await signedInBrowser(gateway, 'other');
  });
  beforeEach(() => clock.reset());
  afterAll(() => gateway.close());

  it("lists the cards of the course's lectures only, lecture by lecture in the course's order", async () => {
    const first = await videoWithCards(student, ['Sorting?', 'Merging?']);
    const second = await videoWithCards(student, ['Graphs?']);
    const outside = await videoWithCards(student, ['Elsewhere?']);
    await due(student, `?videoId=${first}`);
    // The second lecture's cards are made (and fall due) after the first's, but the course puts it first.
    clock.set(new Date(START.getTime() + 1000));
    await due(student, `?videoId=${second}`);
    const courseId = await course(student, [second, first]);
    const cards = await due(student, `?courseId=${courseId}`);
    expect(cards.map((card) => [card.videoId, card.question])).toEqual([
      [second, 'Graphs?'],
      [first, 'Sorting?'],
      [first, 'Merging?'],
    ]);
    const all = await student.get(`/api/review/due?courseId=${courseId}&limit=1`);
    expect(all.headers['x-total-count']).toBe('3');
    expect((await due(student, '')).map((card) => card.videoId)).toContain(outside);

    const empty = await course(student, []);
    expect(await due(student, `?courseId=${empty}`)).toEqual([]);
  });

  it("answers 404 for another user's course or a course id that is none, and 400 for both filters", async () => {
    const mine = await videoWithCards(student, ['Mine?']);
    const courseId = await course(student, [mine]);
    for (const [browser, id] of [
      [other, courseId],
      [student, 'not-an-id'],
      [student, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await browser.get(`/api/review/due?courseId=${id}`);
      expect([response.status, response.body]).toEqual([404, { message: 'Course not found.' }]);
      const pace = await browser.get(`/api/review/exam?courseId=${id}`);
      expect([pace.status, pace.body]).toEqual([404, { message: 'Course not found.' }]);
    }
    const both = await student.get(`/api/review/due?courseId=${courseId}&videoId=${mine}`);
    expect([both.status, both.body]).toEqual([400, { message: 'Give videoId or courseId, not both.' }]);
    for (const query of ['', `?courseId=${courseId}&videoId=${mine}`]) {
      const pace = await student.get(`/api/review/exam${query}`);
      expect([pace.status, pace.body]).toEqual([400, { message: 'Give videoId or courseId (one of them).' }]);
    }
  });

  it("keeps every lecture's cards due before the course's exam, as a video's own exam date does", async () => {
    const lecture = await videoWithCards(student, ['Heaps?', 'Tries?']);
    const control = await videoWithCards(student, ['Heaps?', 'Tries?']);
    await course(student, [lecture], '2026-03-03');
    const clamped = await rateAllEasy(student, lecture);
    const free = await rateAllEasy(student, control);
    expect(clamped).toEqual([startOf('2026-03-03'), startOf('2026-03-03')]);
    // Without the exam, the same ratings would have put the cards after it.
    for (const at of free) expect(at > startOf('2026-03-03')).toBe(true);
  });

  it('lets the sooner exam govern when the video has its own date and its course another', async () => {
    const ownSooner = await videoWithCards(student, ['Stacks?']);
    const courseSooner = await videoWithCards(student, ['Queues?']);
    // Each date alone, the later one would let an easy card fall due after the sooner one.
    await course(student, [ownSooner], '2026-03-20');
    await course(student, [courseSooner], '2026-03-03');
    await student.put(`/api/videos/${ownSooner}/exam`).send({ date: '2026-03-03' });
    await student.put(`/api/videos/${courseSooner}/exam`).send({ date: '2026-03-20' });
    expect(await rateAllEasy(student, ownSooner)).toEqual([startOf('2026-03-03')]);
    expect(await rateAllEasy(student, courseSooner)).toEqual([startOf('2026-03-03')]);
    const pace = await student.get(`/api/review/exam?videoId=${courseSooner}`);
    expect(pace.body).toMatchObject({ videoId: courseSooner, examDate: '2026-03-03' });
  });

  it('brings cards due after the exam forward when the course gets an exam date or a lecture', async () => {
    const lecture = await videoWithCards(student, ['Hashing?']);
    const added = await videoWithCards(student, ['Probing?']);
    const [later] = await rateAllEasy(student, lecture);
    const [alsoLater] = await rateAllEasy(student, added);
    expect(later! > startOf('2026-03-05') && alsoLater! > startOf('2026-03-05')).toBe(true);

    const courseId = await course(student, [lecture]);
    expect(await duesOf(lecture)).toEqual([later]);
    const dated = await student.patch(`/api/courses/${courseId}`).send({ examDate: '2026-03-05' });
    expect(dated.status).toBe(200);
    expect(await duesOf(lecture)).toEqual([startOf('2026-03-05')]);
    expect(await duesOf(added)).toEqual([alsoLater]);

    await student.put(`/api/courses/${courseId}/lectures`).send({ videoIds: [lecture, added] });
    expect(await duesOf(added)).toEqual([startOf('2026-03-05')]);
  });

  it("counts the pace before the course's exam over every lecture's cards", async () => {
    const first = await videoWithCards(student, ['One?', 'Two?', 'Three?']);
    const second = await videoWithCards(student, ['Four?']);
    const courseId = await course(student, [first, second], '2026-03-04');
    await rateAllEasy(student, second);
    const pace = await student.get(`/api/review/exam?courseId=${courseId}`);
    expect(pace.status).toBe(200);
    expect(pace.body).toEqual<CourseExamPace>({
      courseId,
      examDate: '2026-03-04',
      daysLeft: 2,
      // The rated card falls due at the start of the exam day: not before it.
      cardsLeft: 3,
      newCardsLeft: 3,
      cardsPerDay: 2,
      paceEnough: true,
    });
    const undated = await course(student, [first]);
    expect((await student.get(`/api/review/exam?courseId=${undated}`)).body).toEqual({
      courseId: undated,
      examDate: null,
      daysLeft: 0,
      cardsLeft: 0,
      newCardsLeft: 0,
      cardsPerDay: 0,
      paceEnough: true,
    });
  });
  it('lists courses with an exam to come beside videos on the review page, soonest first, cards counted over lectures', async () => {
    const browser = await signedInBrowser(gateway, 'exams');
    const first = await videoWithCards(browser, ['One?', 'Two?', 'Three?']);
    const second = await videoWithCards(browser, ['Four?']);
    const own = await videoWithCards(browser, ['Five?']);
    expect((await browser.put(`/api/videos/${own}/exam`).send({ date: '2026-03-10' })).status).toBe(200);
    const later = await course(browser, [first, second], '2026-03-20');
    const sooner = await course(browser, [second], '2026-03-05');
    await course(browser, [first]);

    const exams = await browser.get('/api/review/exams');
    expect(exams.status).toBe(200);
    const listed = exams.body as Array<{ courseId?: string; videoId?: string; examDate: string }>;
    expect(listed.map((exam) => [exam.courseId ?? exam.videoId, exam.examDate])).toEqual([
      [sooner, '2026-03-05'],
      [own, '2026-03-10'],
      [later, '2026-03-20'],
    ]);
    // Each as the course's own pace answers it: the later course counts the cards of both its lectures.
    expect(listed[2]).toEqual((await browser.get(`/api/review/exam?courseId=${later}`)).body);
    expect(listed[2]).toMatchObject({ cardsLeft: 4 });
    expect(listed[0]).toMatchObject({ cardsLeft: 1 });

    // Once the day of the sooner exam has gone, it is no longer listed; another user sees none of these.
    clock.set(new Date('2026-03-06T09:00:00.000Z'));
    const afterwards = (await browser.get('/api/review/exams')).body as Array<{
      courseId?: string;
      videoId?: string;
    }>;
    expect(afterwards.map((exam) => exam.courseId ?? exam.videoId)).toEqual([own, later]);
    expect((await other.get('/api/review/exams')).body).toEqual([]);
  });
});
