import { QUIZ_QUESTIONS, QUIZ_TEXT, quizAnswers } from '@lectern/contracts/testing';
import { insertAiContent, insertVideo } from '@lectern/db';
import { cacheTranscript, gatewayDb, signedInBrowser, startTestGateway, type TestGateway } from './support';

// Attempts at quizzes count against QUIZ_ATTEMPTS_PER_HOUR per user (docs/api.md, "Limits"): each one stores a row.

const ATTEMPTS_PER_HOUR = 3;

describe('quiz attempts per hour', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ QUIZ_ATTEMPTS_PER_HOUR: String(ATTEMPTS_PER_HOUR) });
  });
  afterAll(() => gateway.close());

  async function studentWithQuiz(youtubeId: string) {
    const browser = await signedInBrowser(gateway);
    const db = gatewayDb(gateway);
    const transcriptId = await cacheTranscript(db, youtubeId);
    const videoId = await insertVideo(db, { userId: browser.userId, transcriptId, youtubeId });
    const quiz = await insertAiContent(db, {
      video_id: videoId,
      feature_type: 'quiz',
      summary_length: null,
      output_text: QUIZ_TEXT,
      engine: 'offline',
      model: 'offline',
    });
    const attempt = () =>
      browser.post(`/api/quizzes/${quiz.id}/attempts`).send({ answers: quizAnswers(QUIZ_QUESTIONS) });
    return { videoId, attempt, browser };
  }

  it(`answers 429 past ${ATTEMPTS_PER_HOUR} attempts in an hour, storing none, for that user only`, async () => {
    const student = await studentWithQuiz('limitsQuiz1');
    const other = await studentWithQuiz('limitsQuiz2');
    for (let index = 0; index < ATTEMPTS_PER_HOUR; index += 1)
      expect((await student.attempt()).status).toBe(201);

    const over = await student.attempt();
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      message: expect.stringMatching(
        /^You have handed in 3 quiz attempts in the last hour, the most Lectern allows\. Please try again in \d+ minutes?\.$/,
      ) as string,
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const listed = await student.browser.get(`/api/quizzes/${student.videoId}/attempts`);
    expect(listed.body).toHaveLength(ATTEMPTS_PER_HOUR);

    expect((await other.attempt()).status).toBe(201);
  });
});
