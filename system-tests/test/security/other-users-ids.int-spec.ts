import { randomUUID } from 'node:crypto';
import {
  COURSE_AI_TYPES,
  COURSE_EXPORT_FORMATS,
  EXPORT_FORMATS,
  FEATURE_TYPES,
  QueueName,
  SUMMARY_LENGTHS,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { analysed, signedInAs, startExportStack, type ExportStack } from '../support/export-fixtures';
import { QUIZ_QUESTIONS, QUIZ_TEXT, quizAnswers } from '@lectern/contracts/testing';
import {
  fillPath,
  methodOf,
  pathParams,
  registeredRoutes,
  type RouteKey,
  sessionCookie,
} from '../../../services/gateway/test/support';

// One user's ids in another user's hands: every route that takes an id (in its path or its body) is tried with
// each of the owner's ids, by a Pro and by a Free user who have their own copy of the same lecture. Each answer
// must be exactly what a never-existing id gets (404 { message } for the Pro user), and the owner's video,
// highlights, notes, AI content, questions and usage must read back unchanged afterwards.

type Browser = Awaited<ReturnType<typeof signedInAs>>;

interface OwnerData {
  videoId: string;
  highlight: { id: string; text: string; startIndex: number; endIndex: number };
}

interface SweepRow {
  route: RouteKey;
  label: string;
  /** The path parameters, query and body of an attempt on the id under test. */
  request: (
    id: string,
    owner: OwnerData,
  ) => { params?: Record<string, string>; query?: Record<string, string>; body?: object };
}

const AI_CASES: Array<[FeatureType, SummaryLength | null]> = FEATURE_TYPES.flatMap(
  (feature): Array<[FeatureType, SummaryLength | null]> =>
    feature === 'summary' ? SUMMARY_LENGTHS.map((length) => [feature, length]) : [[feature, null]],
);

/** Add a row here for every new route that takes an id; the first test fails until you do. */
const SWEEP: SweepRow[] = [
  { route: 'GET /api/videos/:id', label: 'open the video', request: (id) => ({ params: { id } }) },
  {
    route: 'PUT /api/videos/:id/notes',
    label: 'overwrite the notes',
    request: (id) => ({ params: { id }, body: { notes: 'Taken over by someone else.' } }),
  },
  {
    route: 'PUT /api/videos/:id/progress',
    label: 'move the watched position',
    request: (id) => ({ params: { id }, body: { position: 1234 } }),
  },
  ...EXPORT_FORMATS.map((format): SweepRow => ({
    route: 'GET /api/videos/:id/export/:format',
    label: `export ${format}`,
    request: (id) => ({ params: { id, format } }),
  })),
  {
    route: 'GET /api/ai/content/:videoId',
    label: 'read the AI content',
    request: (id) => ({ params: { videoId: id } }),
  },
  ...AI_CASES.flatMap(([feature, length]) =>
    [false, true].map((regenerate): SweepRow => ({
      route: 'POST /api/ai/generate',
      label: `${regenerate ? 'regenerate' : 'generate'} ${feature}${length ? ` (${length})` : ''}`,
      request: (id) => ({
        body: { videoId: id, type: feature, ...(length ? { summaryLength: length } : {}), regenerate },
      }),
    })),
  ),
  {
    route: 'POST /api/ai/ask',
    label: 'ask about the video',
    request: (id) => ({ body: { videoId: id, question: 'What is chaining?' } }),
  },
  {
    route: 'POST /api/ai/ask',
    label: 'ask about the course',
    request: (id) => ({ body: { courseId: id, question: 'What is chaining?' } }),
  },
  ...COURSE_AI_TYPES.map((type): SweepRow => ({
    route: 'POST /api/ai/generate',
    label: `generate the course ${type}`,
    request: (id) => ({ body: { courseId: id, type } }),
  })),
  {
    route: 'GET /api/ai/course-content/:courseId',
    label: "read the course's outline and summary",
    request: (id) => ({ params: { courseId: id } }),
  },
  {
    route: 'GET /api/ai/course-questions/:courseId',
    label: "read the course's questions",
    request: (id) => ({ params: { courseId: id } }),
  },
  {
    route: 'GET /api/ai/questions/:videoId',
    label: 'read the questions',
    request: (id) => ({ params: { videoId: id } }),
  },
  {
    route: 'DELETE /api/ai/questions/:id',
    label: 'delete the question',
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'GET /api/ai/streams/:id',
    label: 'read a streamed answer',
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'POST /api/highlights',
    label: 'highlight the same words',
    // The owner's own text and offsets, valid for the shared transcript: only ownership can refuse it.
    request: (id, owner) => ({
      body: {
        videoId: id,
        text: owner.highlight.text,
        startIndex: owner.highlight.startIndex,
        endIndex: owner.highlight.endIndex,
        color: 'green',
      },
    }),
  },
  {
    route: 'DELETE /api/highlights/:id',
    label: 'delete the highlight',
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'GET /api/videos/:id/tracks',
    label: 'list the caption tracks',
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'POST /api/videos/:id/track',
    label: 'switch the caption track',
    request: (id) => ({ params: { id }, body: { languageCode: 'en', kind: 'auto' } }),
  },
  {
    route: 'GET /api/videos/:id/transcription',
    label: "read a recording's transcription",
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'POST /api/videos/:id/transcription/retry',
    label: "try a recording's transcription again",
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'PATCH /api/videos/:id',
    label: 'rename the video',
    request: (id) => ({ params: { id }, body: { title: 'Someone else’s title' } }),
  },
  {
    route: 'GET /api/review/due',
    label: "list the video's cards due",
    request: (id) => ({ query: { videoId: id } }),
  },
  {
    route: 'POST /api/review/:cardId',
    label: 'rate the card',
    request: (id) => ({ params: { cardId: id }, body: { rating: 'easy' } }),
  },
  {
    route: 'PUT /api/videos/:id/exam',
    label: 'set an exam date',
    request: (id) => ({ params: { id }, body: { date: '2099-06-15' } }),
  },
  {
    route: 'GET /api/review/exam',
    label: "read the pace before the video's exam",
    request: (id) => ({ query: { videoId: id } }),
  },
  {
    route: 'GET /api/review/due',
    label: "list the course's cards due",
    request: (id) => ({ query: { courseId: id } }),
  },
  {
    route: 'GET /api/review/exam',
    label: "read the pace before the course's exam",
    request: (id) => ({ query: { courseId: id } }),
  },
  {
    route: 'GET /api/quizzes/:videoId',
    label: 'read the quiz',
    request: (id) => ({ params: { videoId: id } }),
  },
  {
    route: 'GET /api/quizzes/:videoId/attempts',
    label: 'list the quiz attempts',
    request: (id) => ({ params: { videoId: id } }),
  },
  {
    route: 'POST /api/quizzes/:id/attempts',
    label: 'take the quiz',
    request: (id) => ({ params: { id }, body: { answers: quizAnswers(QUIZ_QUESTIONS) } }),
  },
  {
    route: 'POST /api/quizzes/:id/questions/:questionId/review',
    label: "add the quiz's question to review",
    request: (id) => ({ params: { id, questionId: 'q1' } }),
  },
  { route: 'GET /api/courses/:id', label: 'open the course', request: (id) => ({ params: { id } }) },
  {
    route: 'GET /api/courses/:id/events',
    label: "follow the course's import",
    request: (id) => ({ params: { id } }),
  },
  {
    route: 'PATCH /api/courses/:id',
    label: 'rename the course',
    request: (id) => ({ params: { id }, body: { title: 'Taken over', examDate: null } }),
  },
  {
    route: 'PUT /api/courses/:id/lectures',
    label: "empty the course's lectures",
    request: (id) => ({ params: { id }, body: { videoIds: [] } }),
  },
  ...COURSE_EXPORT_FORMATS.map((format): SweepRow => ({
    route: 'GET /api/courses/:id/export/:format',
    label: `export the course as ${format}`,
    request: (id) => ({ params: { id, format } }),
  })),
  { route: 'DELETE /api/courses/:id', label: 'delete the course', request: (id) => ({ params: { id } }) },
  { route: 'DELETE /api/videos/:id', label: 'delete the video', request: (id) => ({ params: { id } }) },
];

/** Every row tried with each of the owner's ids, one request at a time. */
const SWEEP_TIMEOUT_MS = 180_000;

/** Routes that take no id of a user's record, each with the reason. */
const WITHOUT_IDS: Partial<Record<RouteKey, string>> = {
  'POST /api/auth/signup': 'creates an account',
  'POST /api/auth/login': 'an email and a password',
  'POST /api/auth/logout': "ends the caller's own session",
  'GET /api/auth/me': "the caller's own account",
  'PATCH /api/auth/me': "the caller's own account",
  'DELETE /api/auth/me': "the caller's own account, with its password",
  'GET /api/auth/me/export':
    "the caller's own data (account-lifecycle.int-spec.ts checks no one else's is in it)",
  'POST /api/auth/verify-email':
    "a mailed token, which names its account itself; only in that account's session",
  'POST /api/auth/resend-verification': "the caller's own email",
  'POST /api/auth/forgot-password': 'an email; the answer is the same whether an account has it',
  'POST /api/auth/reset-password': 'a mailed token, which names its account itself',
  'POST /api/auth/change-password': "the caller's own password",
  'POST /api/auth/logout-all': "ends the caller's own sessions",
  'GET /api/videos': "the caller's own library",
  'POST /api/transcripts/fetch': 'a YouTube link; analysing a video gives the caller their own copy',
  'POST /api/transcripts/transcribe-audio':
    "a YouTube link; the transcript of its audio is the caller's alone (youtube-audio-transcription.int-spec.ts: another user analysing the video never gets it)",
  'GET /api/usage': "the caller's own counts",
  'GET /api/review/exams':
    "the exams of the caller's own library (quizzes.int-spec.ts: no other user's is listed)",
  'GET /api/courses': "the caller's own courses",
  'POST /api/courses': "makes a course of the caller's own",
  'POST /api/courses/import':
    "a YouTube playlist link; the course made, and the videos analysed into it, are the caller's own",
  'GET /api/quiz-settings': "the caller's own quiz settings",
  'PUT /api/quiz-settings': "the caller's own quiz settings",
  'GET /api/samples': "the install's sample videos, the same for everyone",
  'GET /api/player': "the install's player script address, the same for everyone",
  'POST /api/stripe/create-checkout-session': "the caller's own subscription",
  'POST /api/stripe/create-portal-session': "the caller's own Stripe customer",
  'POST /api/stripe/sync-checkout':
    "a Stripe checkout session id: another user's answers 404, as a missing one does (billing-checkout-sync.int-spec.ts)",
  'POST /api/stripe/webhook': "Stripe's signed events",
  'GET /api/health': 'liveness',
  'GET /api/health/ready': 'readiness',
};

describe("other users' ids", () => {
  let stack: ExportStack;
  let owner: Browser;
  let proIntruder: Browser;
  let freeIntruder: Browser;
  let data: OwnerData;
  /** Every id of the owner's that could travel in a request. */
  let ownerIds: Record<string, string>;
  let ownerExportJobId: string;
  let ownerCourseId: string;
  let before: Awaited<ReturnType<typeof readBack>>;

  const readBack = async (as: Browser, videoId: string) => ({
    video: (await as.get(`/api/videos/${videoId}`)).body as unknown,
    aiContent: (await as.get(`/api/ai/content/${videoId}`)).body as unknown,
    questions: (await as.get(`/api/ai/questions/${videoId}`)).body as unknown,
    library: (await as.get('/api/videos')).body as unknown,
    usage: (await as.get('/api/usage')).body as unknown,
    review: (await as.get('/api/review/due')).body as unknown,
    quiz: (await as.get(`/api/quizzes/${videoId}`)).body as unknown,
    quizAttempts: (await as.get(`/api/quizzes/${videoId}/attempts`)).body as unknown,
    exam: (await as.get(`/api/review/exam?videoId=${videoId}`)).body as unknown,
    courseReview: (await as.get(`/api/review/due?courseId=${ownerCourseId}`)).body as unknown,
    courseExam: (await as.get(`/api/review/exam?courseId=${ownerCourseId}`)).body as unknown,
    exams: (await as.get('/api/review/exams')).body as unknown,
    courses: (await as.get('/api/courses')).body as unknown,
    course: (await as.get(`/api/courses/${ownerCourseId}`)).body as unknown,
    courseContent: (await as.get(`/api/ai/course-content/${ownerCourseId}`)).body as unknown,
  });

  const attempt = (as: Browser, row: SweepRow, id: string): Promise<Response> => {
    const { params = {}, query, body } = row.request(id, data);
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const test = as[methodOf(row.route)](`${fillPath(row.route, params)}${search}`);
    return body === undefined ? test : test.send(body);
  };

  beforeAll(async () => {
    stack = await startExportStack();
    [owner, proIntruder, freeIntruder] = await Promise.all([
      signedInAs(stack, 'pro'),
      signedInAs(stack, 'pro'),
      signedInAs(stack, 'free'),
    ]);
    // The intruders analyse the same lecture: they share its transcript, so only ownership tells them apart.
    const [videoId] = await Promise.all([
      analysed(owner, 'hashtables1'),
      analysed(proIntruder, 'hashtables1'),
      analysed(freeIntruder, 'hashtables1'),
    ]);
    const transcriptText = (await owner.get(`/api/videos/${videoId}`)).body.transcriptText as string;
    const text = transcriptText.slice(0, 24);
    const highlight = await owner
      .post('/api/highlights')
      .send({ videoId, text, startIndex: 0, endIndex: 24, color: 'yellow' });
    expect(highlight.status).toBe(201);
    expect((await owner.put(`/api/videos/${videoId}/notes`).send({ notes: 'Mine alone.' })).status).toBe(200);
    // The summary is asked for as an event stream: its stream's id is one of the owner's ids too.
    const summaryStream = await owner
      .post('/api/ai/generate')
      .set('Accept', 'text/event-stream')
      .buffer(true)
      .send({ videoId, type: 'summary' });
    const summary = { status: summaryStream.status, body: streamedDone(summaryStream.text) };
    expect(summaryStream.headers['lectern-stream-id']).toMatch(/^[0-9a-f-]{36}$/);
    const insights = await owner.post('/api/ai/generate').send({ videoId, type: 'insights' });
    const flashcards = await owner.post('/api/ai/generate').send({ videoId, type: 'flashcards' });
    const question = await owner.post('/api/ai/ask').send({ videoId, question: 'What is a collision?' });
    expect([summary.status, insights.status, flashcards.status, question.status]).toEqual([
      200, 200, 200, 200,
    ]);
    const [quiz] = await stack.db.query<Array<{ id: string }>>(
      `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
       VALUES ($1, 'quiz', NULL, $2, 'offline', 'offline') RETURNING id`,
      [videoId, QUIZ_TEXT],
    );
    const attempt = await owner
      .post(`/api/quizzes/${quiz!.id}/attempts`)
      .send({ answers: quizAnswers(QUIZ_QUESTIONS, ['q1', 'q3']) });
    expect(attempt.status).toBe(201);
    expect((await owner.put(`/api/videos/${videoId}/exam`).send({ date: '2099-06-15' })).status).toBe(200);
    const course = await owner.post('/api/courses').send({ title: 'Mine alone', examDate: '2099-06-15' });
    expect(course.status).toBe(201);
    ownerCourseId = course.body.id as string;
    expect(
      (await owner.put(`/api/courses/${ownerCourseId}/lectures`).send({ videoIds: [videoId] })).status,
    ).toBe(200);
    const courseSummary = await owner
      .post('/api/ai/generate')
      .send({ courseId: ownerCourseId, type: 'summary' });
    expect(courseSummary.status).toBe(200);
    const [card] = (await owner.get('/api/review/due')).body as Array<{ id: string }>;
    expect((await owner.get(`/api/videos/${videoId}/export/txt`)).status).toBe(200);

    data = {
      videoId,
      highlight: { id: highlight.body.id as string, text, startIndex: 0, endIndex: 24 },
    };
    ownerIds = {
      video: videoId,
      'video (upper case)': videoId.toUpperCase(),
      highlight: data.highlight.id,
      'AI summary': summary.body.id,
      'AI insights': insights.body.id as string,
      'AI flashcards': flashcards.body.id as string,
      'review card': card!.id,
      'AI quiz': quiz!.id,
      'quiz attempt': attempt.body.id as string,
      question: question.body.id as string,
      'AI stream': summaryStream.headers['lectern-stream-id'] as string,
      course: ownerCourseId,
      'course summary': courseSummary.body.id as string,
      account: owner.userId,
    };

    const exportQueue = stack.gateway.app
      .get(JobRequester)
      .queues()
      .find((queue) => queue.name === `${QueueName.Export}-pro`)!;
    const jobs = await exportQueue.getJobs(['completed']);
    ownerExportJobId = jobs.find((job) => (job.data as { userId?: string }).userId === owner.userId)!.id!;
    before = await readBack(owner, videoId);
  }, 90_000);
  afterAll(() => stack?.close());

  it('has a row for every route that takes an id, and knows why every other route takes none', () => {
    const routes = registeredRoutes(stack.gateway.app);
    const swept = new Set(SWEEP.map((row) => row.route));
    const unaccounted = routes.filter(
      (route) => !swept.has(route) && (pathParams(route).length > 0 || WITHOUT_IDS[route] === undefined),
    );
    expect(unaccounted).toEqual([]);
    // And no stale entries: everything the tables name is a real route.
    expect(
      [...swept, ...Object.keys(WITHOUT_IDS)].filter((route) => !routes.includes(route as RouteKey)),
    ).toEqual([]);
  });

  it(
    "answers a Pro user 404 { message } for every one of the owner's ids on every route, as for a missing id",
    async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const row of SWEEP) {
        const missing = await attempt(proIntruder, row, randomUUID());
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ message: expect.stringMatching(/^[A-Z].*\.$/) });
        for (const [kind, id] of Object.entries(ownerIds)) {
          const response = await attempt(proIntruder, row, id);
          answers.push(
            `${row.label} with the ${kind} id: ${response.status} ${JSON.stringify(response.body)}`,
          );
          expected.push(`${row.label} with the ${kind} id: 404 ${JSON.stringify(missing.body)}`);
        }
      }
      expect(answers).toEqual(expected);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "gives a Free user the answer a missing id gets (never a success), for every one of the owner's ids",
    async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const row of SWEEP) {
        const missing = await attempt(freeIntruder, row, randomUUID());
        // 404, or 403 for a Pro-only feature, which is refused before any id is looked at.
        expect([403, 404]).toContain(missing.status);
        expect(missing.body).toEqual({ message: expect.any(String) });
        for (const [kind, id] of Object.entries(ownerIds)) {
          const response = await attempt(freeIntruder, row, id);
          answers.push(
            `${row.label} with the ${kind} id: ${response.status} ${JSON.stringify(response.body)}`,
          );
          expected.push(
            `${row.label} with the ${kind} id: ${missing.status} ${JSON.stringify(missing.body)}`,
          );
        }
      }
      expect(answers).toEqual(expected);
    },
    SWEEP_TIMEOUT_MS,
  );

  it("hides the owner's export job in the queue dashboard from other users", async () => {
    const response = await proIntruder.get(
      `/admin/queues/api/queues/${QueueName.Export}-pro/${ownerExportJobId}`,
    );
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it("leaves the owner's video, highlight, notes, AI content and usage exactly as they were", async () => {
    // Jest runs the tests of a file in order: this reading comes after every attempt above.
    const now = await readBack(owner, data.videoId);
    expect(now).toEqual(before);
    expect(now.video).toMatchObject({
      id: data.videoId,
      notes: 'Mine alone.',
      highlights: [{ id: data.highlight.id, text: data.highlight.text, color: 'yellow' }],
    });
    expect((now.video as { highlights: unknown[] }).highlights).toHaveLength(1);
    const items = now.aiContent as Array<{ id: string; featureType: string }>;
    expect(items.map((item) => [item.featureType, item.id])).toEqual([
      ['summary', ownerIds['AI summary']],
      ['insights', ownerIds['AI insights']],
      ['flashcards', ownerIds['AI flashcards']],
      ['quiz', ownerIds['AI quiz']],
    ]);
    // No rating of anyone else's reached the owner's cards: the one tried is still due, as it was.
    expect((now.review as Array<{ id: string }>).map((card) => card.id)).toContain(ownerIds['review card']);
    expect((now.questions as Array<{ id: string }>).map((item) => item.id)).toEqual([ownerIds.question]);
    expect(now.library).toEqual([expect.objectContaining({ id: data.videoId })]);
    expect((now.courseContent as Array<{ id: string }>).map((item) => item.id)).toEqual([
      ownerIds['course summary'],
    ]);
    expect(now.usage).toMatchObject({
      videosAnalyzed: { used: 1 },
      // The summary, insights and flashcards, and the course's summary (written from the stored summary).
      aiGenerations: { used: 4 },
      notesCreated: 1,
      aiQuestions: { used: 1 },
    });
    const [row] = await stack.db.query<Array<{ n: string }>>(
      'SELECT count(*) AS n FROM ai_content WHERE video_id = $1',
      [data.videoId],
    );
    // The three generated, and the quiz stored by hand.
    expect(Number(row!.n)).toBe(4);
    // Nobody else's attempts counted against the intruders either.
    for (const intruder of [proIntruder, freeIntruder]) {
      const usage = (await intruder.get('/api/usage')).body as {
        aiGenerations: { used: number };
        aiQuestions: { used: number };
      };
      expect(usage.aiGenerations.used).toBe(0);
      expect(usage.aiQuestions.used).toBe(0);
      const mine = (await intruder.get('/api/videos')).body as Array<{ id: string }>;
      expect(mine).toHaveLength(1);
      const detail = (await intruder.get(`/api/videos/${mine[0]!.id}`)).body as {
        notes: string;
        highlights: unknown[];
      };
      expect(detail).toMatchObject({ notes: '', highlights: [] });
    }
  });

  it('revokes a session on the server at logout: a kept copy of its cookie opens nothing', async () => {
    // A second device of the owner's: its cookie is copied before it logs out.
    const device = stack.gateway.browser();
    const login = await device
      .post('/api/auth/login')
      .send({ email: owner.email, password: 'correct horse' });
    expect(login.status).toBe(200);
    const copied = sessionCookie(login)!;
    expect((await stack.gateway.http().get('/api/auth/me').set('Cookie', copied)).status).toBe(200);
    const sid = decodeURIComponent(copied.slice(copied.indexOf('=') + 1))
      .replace(/^s:/, '')
      .split('.')[0]!;
    const redis = new Redis(stack.gateway.env.REDIS_URL);
    try {
      const key = `${stack.gateway.env.REDIS_PREFIX}:sess:${sid}`;
      expect(await redis.exists(key)).toBe(1);

      expect((await device.post('/api/auth/logout')).status).toBe(200);
      expect(await redis.exists(key)).toBe(0);
    } finally {
      redis.disconnect();
    }
    for (const path of [
      '/api/auth/me',
      '/api/videos',
      `/api/videos/${data.videoId}`,
      `/api/ai/content/${data.videoId}`,
      `/api/videos/${data.videoId}/export/txt`,
    ]) {
      const replay = await stack.gateway.http().get(path).set('Cookie', copied);
      expect({ path, status: replay.status, body: replay.body as unknown }).toEqual({
        path,
        status: 401,
        body: { message: 'Please sign in to continue.' },
      });
    }
    const write = await stack.gateway
      .http()
      .put(`/api/videos/${data.videoId}/notes`)
      .set('Cookie', copied)
      .send({ notes: 'Replayed.' });
    expect(write.status).toBe(401);
    // Logging out one device leaves the owner's other session signed in.
    expect((await owner.get(`/api/videos/${data.videoId}`)).body.notes).toBe('Mine alone.');
  });
});

/** The JSON of an event stream's `done` event. */
function streamedDone(text: string): { id: string } {
  const data = /^event: done\ndata: (.*)$/m.exec(text)?.[1];
  if (!data) throw new Error(`no done event in: ${text.slice(0, 200)}`);
  return JSON.parse(data) as { id: string };
}
