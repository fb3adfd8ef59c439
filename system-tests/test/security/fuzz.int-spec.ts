import {
  CaptionlessCode,
  CAPTION_TRACK_KINDS,
  COURSE_EXPORT_FORMATS,
  EXPORT_FORMATS,
  FEATURE_TYPES,
  HIGHLIGHT_COLORS,
  REVIEW_RATINGS,
  SUMMARY_LENGTHS,
} from '@lectern/contracts';
import type { RunningQueueWorker } from '@lectern/queue-runtime';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import {
  FAKE_PRICE_ID,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '@lectern/fakes/stripe';
import {
  LOCKUP_PLAYLIST_ID,
  SHORT_PLAYLIST_ID,
  startFakeYouTube,
  type FakeYouTube,
} from '@lectern/fakes/youtube';
import { failingAudioCommand } from '@lectern/fakes/youtube-audio';
import { watchUrl } from '../support/library-fixtures';
import {
  fillPath,
  methodOf,
  pathParams,
  registeredRoutes,
  type RouteKey,
  sessionCookie,
  startTestGateway,
  uniqueEmail,
  type TestGateway,
} from '../../../services/gateway/test/support';
import { QUIZ_QUESTIONS, QUIZ_TEXT, quizAnswers } from '@lectern/contracts/testing';
import { startTestWorkers, stopTestWorkers } from '../support/test-workers';

// Property-based fuzzing of every route the gateway registers: arbitrary JSON and non-JSON bodies, wrong types,
// huge and unicode strings, prototype-pollution keys, odd ids and path segments, and arbitrary query strings,
// signed in (Free and Pro) and signed out. Whatever comes in, the answer is never a 5xx, and every error is
// exactly { message } with one human sentence (and, on a video without captions, its `code`). Real workers, a fake YouTube and a fake Stripe stand behind the
// gateway, so the inputs that happen to be valid go all the way through.

const PASSWORD = 'correct horse';
/** Runs per route and mode; LECTERN_FUZZ_RUNS=500 for a long hunt. */
const RUNS = Number(process.env.LECTERN_FUZZ_RUNS ?? 25);
// Sign-in routes hash a password on every run.
const TIMEOUT_MS = Math.max(30_000, RUNS * 1_000);

/** What a route's body is made of, so the fuzzer can send the right keys with wrong values. */
interface RouteShape {
  /** Valid values for each body key; the fuzzer mixes them with arbitrary ones. */
  body?: (ids: KnownIds) => Record<string, fc.Arbitrary<unknown>>;
  /** Valid values for each path parameter. */
  params?: (ids: KnownIds) => Record<string, string[]>;
  /** Signing in, up or out replaces the session: each attempt gets a session of its own. */
  replacesSession?: boolean;
  /** Open to visitors; every other route must never succeed signed out. */
  public?: boolean;
  /** Ends every session of the account: the users sign in again once the route has been fuzzed. */
  endsSessions?: boolean;
}

interface KnownIds {
  videoId: string;
  highlightId: string;
  cardId: string;
  questionId: string;
  quizId: string;
  courseId: string;
  email: string;
}

/** Every route the gateway registers; the first test fails when one is missing here. */
const ROUTES: Partial<Record<RouteKey, RouteShape>> = {
  'POST /api/auth/signup': {
    public: true,
    replacesSession: true,
    body: () => ({
      email: fc.emailAddress(),
      password: fc.constant(PASSWORD),
      name: fc.constantFrom('Ada', null, ''),
    }),
  },
  'POST /api/auth/login': {
    public: true,
    replacesSession: true,
    body: (ids) => ({ email: fc.constant(ids.email), password: fc.constantFrom(PASSWORD, 'wrong horse') }),
  },
  'POST /api/auth/logout': { public: true, replacesSession: true },
  'GET /api/auth/me': {},
  'PATCH /api/auth/me': { body: () => ({ name: fc.constantFrom('Grace', '', '  Ada  ') }) },
  'POST /api/auth/verify-email': {
    body: () => ({ token: fc.constantFrom('x'.repeat(43), 'not-a-token', '') }),
  },
  'POST /api/auth/resend-verification': {},
  'POST /api/auth/forgot-password': { public: true, body: (ids) => ({ email: fc.constantFrom(ids.email) }) },
  'POST /api/auth/reset-password': {
    public: true,
    replacesSession: true,
    body: () => ({
      token: fc.constantFrom('x'.repeat(43), ''),
      password: fc.constantFrom(PASSWORD, 'short'),
    }),
  },
  // Never the right current password: the users keep theirs (the lifecycle tests change it for real).
  'POST /api/auth/change-password': {
    replacesSession: true,
    body: () => ({ currentPassword: fc.constant('wrong horse'), newPassword: fc.constant('another horse') }),
  },
  'POST /api/auth/logout-all': { replacesSession: true, endsSessions: true },
  'GET /api/auth/me/export': {},
  // Never the right password: deleting the fuzzed accounts would leave nothing to fuzz.
  'DELETE /api/auth/me': { body: () => ({ password: fc.constant('wrong horse') }) },
  'GET /api/videos': {},
  'GET /api/videos/:id': { params: (ids) => ({ id: [ids.videoId] }) },
  'DELETE /api/videos/:id': { params: (ids) => ({ id: [ids.videoId] }) },
  'PUT /api/videos/:id/notes': {
    params: (ids) => ({ id: [ids.videoId] }),
    body: () => ({ notes: fc.string() }),
  },
  'PUT /api/videos/:id/progress': {
    params: (ids) => ({ id: [ids.videoId] }),
    body: () => ({ position: fc.oneof(fc.double(), fc.integer(), fc.string()) }),
  },
  'GET /api/videos/:id/tracks': { params: (ids) => ({ id: [ids.videoId] }) },
  'GET /api/videos/:id/transcription': { params: (ids) => ({ id: [ids.videoId] }) },
  'POST /api/videos/:id/transcription/retry': { params: (ids) => ({ id: [ids.videoId] }) },
  'PATCH /api/videos/:id': {
    params: (ids) => ({ id: [ids.videoId] }),
    body: () => ({ title: fc.oneof(fc.string(), fc.constantFrom('', 'x'.repeat(1_000), null)) }),
  },
  'POST /api/videos/:id/track': {
    params: (ids) => ({ id: [ids.videoId] }),
    body: () => ({
      languageCode: fc.constantFrom('en', 'EN', 'fr', 'es-419'),
      kind: fc.constantFrom(...CAPTION_TRACK_KINDS),
    }),
  },
  'GET /api/samples': {},
  'GET /api/videos/:id/export/:format': {
    params: (ids) => ({ id: [ids.videoId], format: [...EXPORT_FORMATS] }),
  },
  'POST /api/transcripts/fetch': {
    body: () => ({
      youtubeUrl: fc.constantFrom(watchUrl('hashtables1'), 'phtsynth101', watchUrl('noCaptions1')),
    }),
  },
  'POST /api/transcripts/transcribe-audio': {
    body: () => ({
      youtubeUrl: fc.constantFrom(watchUrl('noCaptions1'), watchUrl('hashtables1'), 'noCaptions1'),
    }),
  },
  'POST /api/highlights': {
    body: (ids) => ({
      videoId: fc.constant(ids.videoId),
      text: fc.constantFrom('Today', 'we build', 'The p'),
      startIndex: fc.integer({ min: -2, max: 30 }),
      endIndex: fc.integer({ min: -2, max: 30 }),
      color: fc.constantFrom(...HIGHLIGHT_COLORS),
    }),
  },
  'DELETE /api/highlights/:id': { params: (ids) => ({ id: [ids.highlightId] }) },
  'GET /api/ai/content/:videoId': { params: (ids) => ({ videoId: [ids.videoId] }) },
  'POST /api/ai/generate': {
    // A video's item, a course's outline or summary, one naming both and one naming neither.
    body: (ids) => ({
      videoId: fc.constantFrom(ids.videoId, ids.videoId, undefined),
      courseId: fc.constantFrom(undefined, ids.courseId),
      type: fc.constantFrom(...FEATURE_TYPES),
      summaryLength: fc.constantFrom(...SUMMARY_LENGTHS),
      regenerate: fc.boolean(),
    }),
  },
  'GET /api/review/due': {},
  'POST /api/review/:cardId': {
    params: (ids) => ({ cardId: [ids.cardId] }),
    body: () => ({ rating: fc.constantFrom(...REVIEW_RATINGS) }),
  },
  'GET /api/review/exam': {},
  'GET /api/review/exams': {},
  'PUT /api/videos/:id/exam': {
    params: (ids) => ({ id: [ids.videoId] }),
    body: () => ({ date: fc.constantFrom('2099-06-15', '2001-01-01', '2099-02-30', null) }),
  },
  'GET /api/quizzes/:videoId': { params: (ids) => ({ videoId: [ids.videoId] }) },
  'GET /api/quizzes/:videoId/attempts': { params: (ids) => ({ videoId: [ids.videoId] }) },
  'POST /api/quizzes/:id/attempts': {
    params: (ids) => ({ id: [ids.quizId] }),
    body: () => ({
      answers: fc.constantFrom(
        quizAnswers(QUIZ_QUESTIONS, ['q2', 'q3']),
        { ...quizAnswers(QUIZ_QUESTIONS), q1: { choice: 4 } },
        { ...quizAnswers(QUIZ_QUESTIONS), q1: { mark: 'right' }, q9: { choice: 0 } },
      ),
    }),
  },
  'POST /api/quizzes/:id/questions/:questionId/review': {
    params: (ids) => ({ id: [ids.quizId], questionId: ['q1', 'q2', 'q9'] }),
  },
  'POST /api/courses': {
    body: () => ({
      title: fc.oneof(fc.string(), fc.constantFrom('Algorithms', '', 'x'.repeat(300), null)),
      examDate: fc.constantFrom('2099-06-15', '2099-02-30', null, 'soon'),
    }),
  },
  'GET /api/courses': {},
  'GET /api/courses/:id': { params: (ids) => ({ id: [ids.courseId] }) },
  'GET /api/courses/:id/events': { params: (ids) => ({ id: [ids.courseId] }) },
  'PATCH /api/courses/:id': {
    params: (ids) => ({ id: [ids.courseId] }),
    body: () => ({
      title: fc.oneof(fc.string(), fc.constantFrom('Renamed', '', null)),
      examDate: fc.constantFrom('2099-06-15', '2099-02-30', null),
    }),
  },
  'PUT /api/courses/:id/lectures': {
    params: (ids) => ({ id: [ids.courseId] }),
    body: (ids) => ({
      videoIds: fc.constantFrom(
        [ids.videoId],
        [],
        [ids.videoId, ids.videoId],
        ['not-an-id'],
        [ids.highlightId],
      ),
    }),
  },
  'DELETE /api/courses/:id': { params: (ids) => ({ id: [ids.courseId] }) },
  'GET /api/courses/:id/export/:format': {
    params: (ids) => ({ id: [ids.courseId], format: [...COURSE_EXPORT_FORMATS, 'txt'] }),
  },
  'POST /api/courses/import': {
    body: () => ({
      playlistUrl: fc.constantFrom(
        `https://www.youtube.com/playlist?list=${SHORT_PLAYLIST_ID}`,
        `https://youtu.be/hashtables1?list=${LOCKUP_PLAYLIST_ID}`,
        'https://www.youtube.com/playlist?list=PLdoesNotExist000000000000000000000',
        watchUrl('hashtables1'),
      ),
    }),
  },
  'GET /api/quiz-settings': {},
  'PUT /api/quiz-settings': { body: () => ({ autoReviewWrongAnswers: fc.boolean() }) },
  'POST /api/ai/ask': {
    // A video's question, a course's, one naming both and one naming neither (JSON leaves out an undefined id).
    body: (ids) => ({
      videoId: fc.constantFrom(ids.videoId, undefined),
      courseId: fc.constantFrom(undefined, ids.courseId),
      question: fc.constantFrom('What is chaining?', 'Who painted the Mona Lisa?', '  ', '?'),
    }),
  },
  'GET /api/ai/questions/:videoId': { params: (ids) => ({ videoId: [ids.videoId] }) },
  'GET /api/ai/course-questions/:courseId': { params: (ids) => ({ courseId: [ids.courseId] }) },
  'GET /api/ai/course-content/:courseId': { params: (ids) => ({ courseId: [ids.courseId] }) },
  'DELETE /api/ai/questions/:id': { params: (ids) => ({ id: [ids.questionId] }) },
  'GET /api/ai/streams/:id': { params: (ids) => ({ id: [ids.videoId] }) },
  'GET /api/usage': {},
  'GET /api/player': {},
  'POST /api/stripe/create-checkout-session': {},
  'POST /api/stripe/create-portal-session': {},
  'POST /api/stripe/sync-checkout': {
    body: () => ({ sessionId: fc.constantFrom('cs_test_a1unknown', 'cs_live_b2', 'sub_1') }),
  },
  'POST /api/stripe/webhook': { public: true },
  'GET /api/health': { public: true },
  'GET /api/health/ready': { public: true },
};

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const hugeString = fc
  .constantFrom(1_000, 70_000, 300_000, 1_100_000)
  .chain((length) => fc.constantFrom('a', 'é', '😀', '<', '\u0000').map((char) => char.repeat(length)));

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202Egnp.exe',
    '%00',
    '../../etc/passwd',
    "'; DROP TABLE users; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${7*7}',
    'NaN',
    'null',
    'true',
    '1e309',
  ),
);

/** Any JSON value, weighted towards the awkward ones. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddString,
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, null, true, false, [], {}),
  fc.integer(),
  hugeString.filter((s) => s.length <= 70_000),
);

/** A JSON text: usually an object with the route's keys (valid or not) and extra or dangerous keys. */
function bodyText(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const keys = Object.keys(shape);
  const field = (key: string) =>
    fc.oneof({ weight: 2, arbitrary: shape[key]! }, { weight: 3, arbitrary: anyValue });
  const object = fc
    .record(
      {
        fields: fc.record(Object.fromEntries(keys.map((key) => [key, field(key)])), { requiredKeys: [] }),
        extra: fc.dictionary(
          fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...POLLUTION_KEYS)),
          anyValue,
          {
            maxKeys: 3,
          },
        ),
        pollution: fc.subarray([...POLLUTION_KEYS]),
      },
      { requiredKeys: ['fields', 'extra', 'pollution'] },
    )
    .map(({ fields, extra, pollution }) => {
      // Written out by hand: a "__proto__" key in an object literal would set its prototype instead.
      const members = [
        ...Object.entries(fields),
        ...Object.entries(extra),
        ...pollution.map((key): [string, unknown] => [
          key,
          { polluted: true, prototype: { polluted: true } },
        ]),
      ].map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
      return `{${members.join(',')}}`;
    });
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: hugeString.map((s) => JSON.stringify({ [keys[0] ?? 'value']: s })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"a":', '[1,]', 'null', '"just a string"', '{"a":1}{"b":2}'),
    },
  );
}

/** How a request body travels: as JSON, with another content type, or none at all. */
const bodyEncoding = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'none',
);

/** A path parameter value: a real one, a near miss, a hostile one, or anything; sent encoded or raw. */
function paramValue(valid: string[]): fc.Arbitrary<{ value: string; raw: boolean }> {
  const nearMisses = valid.flatMap((v) => [
    v.toUpperCase(),
    `${v} `,
    `${v}/`,
    `${v}%00`,
    v.slice(1),
    `${v}0`,
  ]);
  const encoded = fc.oneof(
    ...(valid.length > 0 ? [fc.constantFrom(...valid)] : []),
    ...(nearMisses.length > 0 ? [fc.constantFrom(...nearMisses)] : []),
    fc.uuid(),
    oddString,
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
    fc.constantFrom('a'.repeat(5_000), '0', '-1', '1.5', 'undefined', '__proto__', 'constructor'),
  );
  const raw = fc.oneof(
    fc.constantFrom(
      '..',
      '.',
      '%00',
      '%2F',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '%2e%2e%2f',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '%uFFFF',
      '%252e%252e',
      'a%2Fb',
      '%5C..%5C',
      '..;',
    ),
    fc.stringMatching(/^[A-Za-z0-9._~%/-]{1,40}$/),
  );
  return fc.oneof(
    { weight: 3, arbitrary: encoded.map((value) => ({ value, raw: false })) },
    { weight: 2, arbitrary: raw.map((value) => ({ value, raw: true })) },
  );
}

/** A query string: none, ordinary pairs, nested or polluting keys, or broken escapes. */
const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.oneof(oddString, fc.string()), {
        maxKeys: 4,
      })
      .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?__proto__[polluted]=1',
      '?constructor[prototype][polluted]=1',
      '?__proto__.polluted=1&a[__proto__][b]=1',
      '?a=%zz&b=%',
      '?id=1&id=2&id[]=3',
      `?q=${'x'.repeat(8_000)}`,
      '?%00=%00',
      '?=&&=',
    ),
  },
);

// ---------------------------------------------------------------------------------------------------------------

interface FuzzRequest {
  route: RouteKey;
  path: string;
  contentType: string;
  body: string | null;
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body === null ? '' : ` ${request.contentType} ${request.body.slice(0, 200)}`;
  return `${methodOf(request.route).toUpperCase()} ${request.path.slice(0, 300)}${body}`;
}

/** The web app shows these exact words (product spec), without a full stop. */
const UNPUNCTUATED = ['Please enter a YouTube URL'];
/** Stack frames, framework and validator wording, and stringified nothings are not for users. */
const INTERNALS =
  /\bat .+:\d+:\d+|Error:|Cannot (GET|POST|PUT|PATCH|DELETE)|Failed to decode|Invalid (input|option)|expected \w+, received|Too (big|small):|undefined|\[object /;

/** The codes an error may carry beside its message, for the app to act on. */
const ERROR_CODES: readonly string[] = Object.values(CaptionlessCode);

/** The answer's rules: never 5xx; an error is exactly { message } (and a known code) with a human sentence. */
function checkAnswer(request: FuzzRequest, response: Response, signedIn: boolean, shape: RouteShape): void {
  const what = `${describeRequest(request)}\n→ ${response.status} ${String(response.text).slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`a server error for ${what}`);
  if (!signedIn && !shape.public && response.status < 400) throw new Error(`succeeded signed out: ${what}`);
  if (response.status < 400) return;
  if (!/^application\/json\b/.test(String(response.headers['content-type'])))
    throw new Error(`an error that is not JSON: ${what}`);
  const body = response.body as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`an error body that is not an object: ${what}`);
  const { code } = body as { code?: unknown };
  const fields = JSON.stringify(Object.keys(body));
  const coded = fields === '["message","code"]' && typeof code === 'string' && ERROR_CODES.includes(code);
  if (fields !== '["message"]' && !coded)
    throw new Error(`an error body with other fields than message (and a known code): ${what}`);
  const { message } = body as { message: unknown };
  if (typeof message !== 'string') throw new Error(`a message that is not text: ${what}`);
  const sentence = /^[A-Za-z0-9"]/.test(message) && /[^.][.!?)…]$/.test(message);
  if (!sentence && !UNPUNCTUATED.includes(message))
    throw new Error(`a message that is not a sentence: ${what}`);
  if (message.length > 300) throw new Error(`a message of ${message.length} characters: ${what}`);
  if (INTERNALS.test(message)) throw new Error(`a message showing internals: ${what}`);
}

describe('fuzzing every route', () => {
  let gateway: TestGateway;
  let youtube: FakeYouTube;
  let stripe: FakeStripe;
  let workers: RunningQueueWorker[];
  const sessions: Record<'free' | 'pro', { cookie: string; email: string; ids: KnownIds }> = {} as never;

  const signIn = async (email: string): Promise<string> => {
    const login = await gateway.http().post('/api/auth/login').send({ email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    return sessionCookie(login)!;
  };

  const send = (request: FuzzRequest, cookie: string | null) => {
    let test = gateway.http()[methodOf(request.route)](request.path);
    if (cookie) test = test.set('Cookie', cookie);
    if (request.body === null) return test;
    return test.set('Content-Type', request.contentType).send(request.body);
  };

  beforeAll(async () => {
    youtube = await startFakeYouTube();
    stripe = await startFakeStripe();
    gateway = await startTestGateway({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: FAKE_PRICE_ID,
      // The fuzzer signs up and in from one address far more often than a person would.
      AUTH_RATE_LIMIT_IP: '1000000',
      AUTH_RATE_LIMIT_EMAIL: '1000000',
      // So a captionless video's audio can be asked for (the media worker here has no command: its jobs fail).
      YOUTUBE_AUDIO_COMMAND: failingAudioCommand(),
    });
    workers = await startTestWorkers(gateway.env, { youtubeOrigin: youtube.url, stripeApiUrl: stripe.url });
    for (const plan of ['free', 'pro'] as const) {
      const email = uniqueEmail(`fuzz-${plan}`);
      const signup = await gateway.http().post('/api/auth/signup').send({ email, password: PASSWORD });
      if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
      const userId = signup.body.id as string;
      if (plan === 'pro')
        await gateway.app.get(DataSource).query("UPDATE users SET plan = 'pro' WHERE id = $1", [userId]);
      const cookie = sessionCookie(signup)!;
      const video = await gateway
        .http()
        .post('/api/transcripts/fetch')
        .set('Cookie', cookie)
        .send({ youtubeUrl: watchUrl('hashtables1') });
      if (video.status !== 200) throw new Error(`analysing failed: ${video.status}`);
      const videoId = video.body.id as string;
      const detail = await gateway.http().get(`/api/videos/${videoId}`).set('Cookie', cookie);
      const text = (detail.body.transcriptText as string).slice(0, 5);
      const highlight = await gateway
        .http()
        .post('/api/highlights')
        .set('Cookie', cookie)
        .send({ videoId, text, startIndex: 0, endIndex: 5, color: 'blue' });
      if (highlight.status !== 201) throw new Error(`highlight failed: ${highlight.status}`);
      await gateway.app.get(DataSource).query(
        `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
         VALUES ($1, 'flashcards', NULL, 'Q: What is a hash table?\nA: An array of buckets.', 'offline', 'offline')`,
        [videoId],
      );
      const quiz = await gateway.app.get(DataSource).query<Array<{ id: string }>>(
        `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
         VALUES ($1, 'quiz', NULL, $2, 'offline', 'offline') RETURNING id`,
        [videoId, QUIZ_TEXT],
      );
      const due = await gateway.http().get('/api/review/due').set('Cookie', cookie);
      if (due.status !== 200) throw new Error(`review failed: ${due.status}`);
      const cardId = (due.body as Array<{ id: string }>)[0]!.id;
      const question = await gateway
        .http()
        .post('/api/ai/ask')
        .set('Cookie', cookie)
        .send({ videoId, question: 'What is a collision?' });
      if (question.status !== 200) throw new Error(`asking failed: ${question.status}`);
      const course = await gateway
        .http()
        .post('/api/courses')
        .set('Cookie', cookie)
        .send({ title: 'Fuzzed course' });
      if (course.status !== 201) throw new Error(`making a course failed: ${course.status}`);
      sessions[plan] = {
        cookie,
        email,
        ids: {
          videoId,
          highlightId: highlight.body.id as string,
          cardId,
          questionId: question.body.id as string,
          quizId: quiz[0]!.id,
          courseId: course.body.id as string,
          email,
        },
      };
    }
  }, 60_000);

  afterAll(async () => {
    await stopTestWorkers(workers);
    await gateway.close();
    await youtube.close();
    await stripe.close();
  });

  it('fuzzes every route the gateway registers', () => {
    expect(registeredRoutes(gateway.app)).toEqual(Object.keys(ROUTES).sort());
  });

  // Destructive routes last, so the others still find the users' videos and highlights.
  const order = (Object.keys(ROUTES) as RouteKey[]).sort(
    (a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')) || a.localeCompare(b),
  );

  describe.each(order)('%s', (route) => {
    const shape = ROUTES[route]!;
    const method = methodOf(route);
    const takesBody = method !== 'get';

    afterAll(async () => {
      if (!shape.endsSessions) return;
      for (const session of Object.values(sessions)) session.cookie = await signIn(session.email);
    });

    const requestArb = (ids: KnownIds): fc.Arbitrary<FuzzRequest> => {
      const params = pathParams(route);
      const validParams = shape.params?.(ids) ?? {};
      const paramsArb = fc.tuple(...params.map((name) => paramValue(validParams[name] ?? [])));
      const bodyArb: fc.Arbitrary<{ contentType: string; body: string | null }> = takesBody
        ? fc
            .tuple(bodyEncoding, bodyText(shape.body?.(ids) ?? {}))
            .map(([contentType, body]) =>
              contentType === 'none' ? { contentType, body: null } : { contentType, body },
            )
        : fc.constant({ contentType: 'none', body: null });
      return fc.tuple(paramsArb, queryString, bodyArb).map(([values, query, body]) => {
        // A raw value is put in the path as it is; the others are percent-encoded first.
        let path = route.slice(route.indexOf(' ') + 1);
        params.forEach((name, index) => {
          const { value, raw } = values[index]!;
          // Through UTF-8 first: a lone surrogate becomes U+FFFD, as a browser would send it.
          path = path.replace(`:${name}`, raw ? value : encodeURIComponent(Buffer.from(value).toString()));
        });
        if (params.length === 0) path = fillPath(route, {});
        return { route, path: `${path}${query}`, ...body };
      });
    };

    it(
      'never answers 5xx, and every error is { message } (signed in, Free and Pro)',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc
              .constantFrom<'free' | 'pro'>('free', 'pro')
              .chain((plan) => requestArb(sessions[plan].ids).map((request) => ({ plan, request }))),
            async ({ plan, request }) => {
              const session = sessions[plan];
              const cookie = shape.replacesSession ? await signIn(session.email) : session.cookie;
              checkAnswer(request, await send(request, cookie), true, shape);
            },
          ),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );

    it(
      'never answers 5xx, and every error is { message } (signed out)',
      async () => {
        await fc.assert(
          fc.asyncProperty(requestArb(sessions.free.ids), async (request) => {
            checkAnswer(request, await send(request, null), false, shape);
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );
  });

  // Cases the fuzzer found once, kept so they are tried on every run.
  const nul = '\u0000';
  const FOUND: Array<{
    label: string;
    method: 'get' | 'patch' | 'put' | 'post' | 'delete';
    path: (ids: KnownIds) => string;
    body?: string | object;
    status: number;
    message: string;
  }> = [
    {
      label: 'a broken %-escape in a video id',
      method: 'get',
      path: () => '/api/videos/%zz',
      status: 400,
      message: 'The address of this request is not valid.',
    },
    {
      label: 'a truncated UTF-8 escape in a highlight id',
      method: 'delete',
      path: () => '/api/highlights/%E0%A4%A',
      status: 400,
      message: 'The address of this request is not valid.',
    },
    {
      label: 'an array for a body',
      method: 'patch',
      path: () => '/api/auth/me',
      body: '[]',
      status: 400,
      message: 'The request body must be a JSON object.',
    },
    {
      label: 'a NUL character in the name',
      method: 'patch',
      path: () => '/api/auth/me',
      body: { name: `Ada${nul}` },
      status: 400,
      message: 'Name cannot contain the NUL character.',
    },
    {
      label: 'NUL characters in the notes',
      method: 'put',
      path: (ids) => `/api/videos/${ids.videoId}/notes`,
      body: { notes: nul.repeat(3) },
      status: 400,
      message: 'Notes cannot contain the NUL character.',
    },
    {
      label: 'a highlight without a videoId',
      method: 'post',
      path: () => '/api/highlights',
      body: {},
      status: 400,
      message: 'videoId is required.',
    },
    {
      label: 'an unknown highlight colour',
      method: 'post',
      path: () => '/api/highlights',
      body: { videoId: 'x', text: 'a', startIndex: 0, endIndex: 1, color: 'red' },
      status: 400,
      message: 'color must be one of: yellow, blue, green.',
    },
    {
      label: 'a 5,000-character AI feature name',
      method: 'post',
      path: () => '/api/ai/generate',
      body: { videoId: 'x', type: 'a'.repeat(5000) },
      status: 400,
      message: `Unknown AI feature. Choose one of: ${FEATURE_TYPES.join(', ')}.`,
    },
  ];

  it.each(FOUND)('answers $label with $status and a plain sentence', async (found) => {
    let test = gateway.http()[found.method](found.path(sessions.pro.ids)).set('Cookie', sessions.pro.cookie);
    if (found.body !== undefined)
      test = test
        .set('Content-Type', 'application/json')
        .send(typeof found.body === 'string' ? found.body : JSON.stringify(found.body));
    const response = await test;
    expect({ status: response.status, body: response.body as unknown }).toEqual({
      status: found.status,
      body: { message: found.message },
    });
  });

  it('left no polluted prototype behind in the gateway process', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('still serves the users afterwards', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const me = await gateway.http().get('/api/auth/me').set('Cookie', sessions[plan].cookie);
      expect(me.status).toBe(200);
    }
    expect((await gateway.http().get('/api/health/ready')).status).toBe(200);
  });
});
