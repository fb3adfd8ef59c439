import { QUIZ_QUESTIONS, QUIZ_TEXT } from '@lectern/contracts/testing';
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
// XML) and in the Anki deck, each read back by a parser Lectern did not write. What these formats refuse, and to
// whom: export-study-refusals.int-spec.ts.

describe('exporting a quiz', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let videoId: string;

  beforeAll(async () => {
    stack = await startExportStack();
    pro = await signedInAs(stack, 'pro');
    videoId = await analysed(pro, 'supplydmnd1');
    // Stored as the quiz feature stores it: its Markdown, the newest ai_content item of feature quiz.
    await stack.db.query(
      `INSERT INTO ai_content (video_id, feature_type, summary_length, output_text, engine, model)
       VALUES ($1, 'quiz', NULL, $2, 'openai', 'gpt-4o-mini')`,
      [videoId, QUIZ_TEXT],
    );
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
    expect(questions.map((question) => question.type)).toEqual(['MC', 'MC', 'Short']);
    expect(
      withChoices(questions[0])
        .choices.filter((choice) => choice.isCorrect)
        .map((choice) => choice.text.text),
    ).toEqual([QUIZ_QUESTIONS[0]!.answer]);
    expect(withChoices(questions[0]).globalFeedback?.text).toContain(
      'https://www.youtube.com/watch?v=supplydmnd1&t=22s',
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
    expect(questions.map((question) => question['@_type'])).toEqual([
      'multichoice',
      'multichoice',
      'shortanswer',
    ]);
    const first = QUIZ_QUESTIONS[0]!;
    expect(questions[0]?.answer.map((answer) => [answer.text, answer['@_fraction']])).toEqual(
      first.options!.map((option) => [option, option === first.answer ? '100' : '0']),
    );
    // Moodle reads `*` in a short answer as "any text": the model answer's own is escaped.
    expect(questions[2]?.answer.map((answer) => answer.text)).toEqual(['潮汐能 \\*tidal\\* energy']);
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('puts the quiz in the Anki deck of a video without flashcards, tagged quiz', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/apkg`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    const anki = await openAnkiPackage(response.body as Buffer);
    expect(anki.notes.map((note) => note.tags)).toEqual(QUIZ_QUESTIONS.map(() => ['lectern', 'quiz']));
  });
});
