import { NO_QUIZ_TO_EXPORT, QueueName, writeQuiz, type QuizQuestionDraft } from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import {
  analysed,
  asciiFileName,
  binary,
  extendedFileName,
  openAnkiPackage,
  readGift,
  readMoodleXml,
  signedInAs,
  startExportStack,
  withChoices,
  type ExportStack,
} from './support/export-fixtures';

// A video's quiz downloaded through the gateway and the export worker for a learning platform (GIFT, Moodle
// XML) and in the Anki deck, each read back by a parser Lectern did not write.

const QUESTIONS: QuizQuestionDraft[] = [
  {
    kind: 'choice',
    prompt: 'What happens to demand when the price rises?',
    options: ['It falls', 'It rises', 'It stays the same', 'It doubles'],
    answer: 'It falls',
    explanation: 'A higher price means people buy less [1:10].',
    moment: { start: 70 },
  },
  {
    kind: 'short',
    prompt: 'Where do supply and demand meet?',
    answer: 'At the equilibrium price',
    explanation: 'The curves cross at the equilibrium [2:05].',
    moment: { start: 125 },
  },
];

describe('exporting a quiz', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let free: Awaited<ReturnType<typeof signedInAs>>;
  let videoId: string;
  let bareVideoId: string;
  let freeVideoId: string;

  beforeAll(async () => {
    stack = await startExportStack();
    [pro, free] = await Promise.all([signedInAs(stack, 'pro'), signedInAs(stack, 'free')]);
    [videoId, bareVideoId, freeVideoId] = await Promise.all([
      analysed(pro, 'supplydmnd1'),
      analysed(pro, 'hashtables1'),
      analysed(free, 'derivative1'),
    ]);
    // Stored as the quiz feature stores it: its Markdown, the newest ai_content item of feature quiz.
    for (const id of [videoId, freeVideoId]) {
      await stack.db.query(
        `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
         VALUES ($1, 'quiz', NULL, $2, 'openai', 'gpt-4o-mini')`,
        [id, writeQuiz(QUESTIONS)],
      );
    }
  }, 90_000);
  afterAll(() => stack.close());

  it('downloads GIFT as plain text named after the video, one question per quiz question', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/gift`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const disposition = response.headers['content-disposition'] as string;
    expect(asciiFileName(disposition)).toBe('Supply_and_Demand_in_Ten_Minutes.gift.txt');
    expect(extendedFileName(disposition)).toBe('Supply and Demand in Ten Minutes.gift.txt');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const questions = readGift((response.body as Buffer).toString('utf8'));
    expect(questions.map((question) => question.type)).toEqual(['MC', 'Short']);
    expect(
      withChoices(questions[0])
        .choices.filter((choice) => choice.isCorrect)
        .map((choice) => choice.text.text),
    ).toEqual(['It falls']);
    expect(withChoices(questions[0]).globalFeedback?.text).toContain(
      'https://www.youtube.com/watch?v=supplydmnd1&t=70s',
    );
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('downloads Moodle XML as application/xml, its choice worth 100 for the one right option', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/moodle`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const disposition = response.headers['content-disposition'] as string;
    expect(asciiFileName(disposition)).toBe('Supply_and_Demand_in_Ten_Minutes.moodle.xml');
    expect(extendedFileName(disposition)).toBe('Supply and Demand in Ten Minutes.moodle.xml');

    const questions = readMoodleXml((response.body as Buffer).toString('utf8'));
    expect(questions.map((question) => question['@_type'])).toEqual(['multichoice', 'shortanswer']);
    expect(questions[0]?.answer.map((answer) => [answer.text, answer['@_fraction']])).toEqual([
      ['It falls', '100'],
      ['It rises', '0'],
      ['It stays the same', '0'],
      ['It doubles', '0'],
    ]);
    expect(questions[1]?.answer.map((answer) => answer.text)).toEqual(['At the equilibrium price']);
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('puts the quiz in the Anki deck of a video without flashcards, tagged quiz', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/apkg`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    const anki = await openAnkiPackage(response.body as Buffer);
    expect(anki.notes.map((note) => note.tags)).toEqual([
      ['lectern', 'quiz'],
      ['lectern', 'quiz'],
    ]);
  });

  it.each([
    [
      'gift',
      'GIFT export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
    ],
    [
      'moodle',
      'Moodle XML export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
    ],
  ])('refuses %s to Free users with 403 naming Pro', async (format, message) => {
    const response = await free.get(`/api/videos/${freeVideoId}/export/${format}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message });
  });

  it.each(['gift', 'moodle'])("answers 404 for another user's video in %s", async (format) => {
    const response = await pro.get(`/api/videos/${freeVideoId}/export/${format}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Video not found.' });
  });

  it.each(['gift', 'moodle'])('answers 422 in %s for a video without a quiz', async (format) => {
    const response = await pro.get(`/api/videos/${bareVideoId}/export/${format}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: NO_QUIZ_TO_EXPORT });
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('makes the worker itself refuse a quiz export of a video without a quiz', async () => {
    const attempt = stack.gateway.app
      .get(JobRequester)
      .request(
        QueueName.Export,
        'render',
        { videoId: bareVideoId, userId: pro.userId, format: 'moodle' },
        { lane: 'pro', timeoutMs: 15_000 },
      );
    await expect(attempt).rejects.toMatchObject({ status: 422, message: NO_QUIZ_TO_EXPORT });
    expect(await stack.exportFileCount()).toBe(0);
  });
});
