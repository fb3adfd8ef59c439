import {
  NO_FLASHCARDS_TO_EXPORT,
  OFFLINE_MATERIAL_NOTICE,
  parseFlashcards,
  QueueName,
  WRITTEN_MATERIAL_HINT,
  type AiContentItem,
} from '@lectern/contracts';
import { JobRequester } from '@lectern/queue-runtime';
import {
  analysed,
  asciiFileName,
  binary,
  extendedFileName,
  openAnkiPackage,
  signedInAs,
  startExportStack,
  type ExportStack,
} from './support/export-fixtures';

// A video's flashcards, written by the offline engine, downloaded as an Anki deck and as CSV through the
// gateway and the export worker; the deck is opened as Anki opens it.
describe('exporting flashcards', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let free: Awaited<ReturnType<typeof signedInAs>>;
  let videoId: string;
  let bareVideoId: string;
  let freeVideoId: string;
  let questions: string[];

  beforeAll(async () => {
    stack = await startExportStack();
    [pro, free] = await Promise.all([signedInAs(stack, 'pro'), signedInAs(stack, 'free')]);
    [videoId, bareVideoId, freeVideoId] = await Promise.all([
      analysed(pro, 'supplydmnd1'),
      analysed(pro, 'hashtables1'),
      analysed(free, 'derivative1'),
    ]);
    const generated = await pro.post('/api/ai/generate').send({ videoId, type: 'flashcards' });
    expect(generated.status).toBe(200);
    questions = parseFlashcards((generated.body as AiContentItem).outputText).map((card) => card.question);
    expect(questions.length).toBeGreaterThan(2);
  }, 90_000);
  afterAll(() => stack.close());

  it('downloads an Anki deck named after the video, one note per flashcard, each linked to its moment', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/apkg`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/apkg');
    const disposition = response.headers['content-disposition'] as string;
    expect(asciiFileName(disposition)).toBe('Supply_and_Demand_in_Ten_Minutes.apkg');
    expect(extendedFileName(disposition)).toBe('Supply and Demand in Ten Minutes.apkg');

    const anki = await openAnkiPackage(response.body as Buffer);
    expect(anki.decks.filter((deck) => deck.id !== 1).map((deck) => deck.name)).toEqual([
      'Supply and Demand in Ten Minutes',
    ]);
    expect(anki.models[0]?.flds.map((field) => field.name)).toEqual(['Front', 'Back']);
    expect(anki.cards).toHaveLength(questions.length);
    expect(anki.notes.map((note) => note.fields[0])).toEqual(
      questions.map((question) => question.replace(/&/g, '&amp;').replace(/"/g, '&quot;')),
    );
    for (const note of anki.notes) {
      expect(note.fields[1]).toMatch(
        /<a href="https:\/\/www\.youtube\.com\/watch\?v=supplydmnd1&amp;t=\d+s">\[\d+:\d\d\]<\/a>/,
      );
    }
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('downloads the same cards as CSV rows of question and answer', async () => {
    const response = await pro.get(`/api/videos/${videoId}/export/csv`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(asciiFileName(response.headers['content-disposition'] as string)).toBe(
      'Supply_and_Demand_in_Ten_Minutes.csv',
    );
    const body = response.body as Buffer;
    // Anki's file headers first (separator, plain text, note type, deck), then one row a card.
    const rows = body.toString('utf8').split('\r\n');
    expect(rows.splice(0, 4)).toEqual([
      '#separator:comma',
      '#html:false',
      '#notetype:Basic',
      '#deck:Supply and Demand in Ten Minutes',
    ]);
    // Cards the offline engine wrote say so: a tag Anki gives every note, and the notice as header comments.
    expect(rows.splice(0, 3)).toEqual([
      '#tags:extracted-passages',
      `# ${OFFLINE_MATERIAL_NOTICE}`,
      `# ${WRITTEN_MATERIAL_HINT}`,
    ]);
    expect(rows.pop()).toBe('');
    expect(rows).toHaveLength(questions.length);
    expect(rows[0]).toMatch(/ \[\d+:\d\d\]"?$/);
  });

  it.each([
    ['apkg', 'Anki export is part of the Pro plan. Upgrade to Pro to export flashcards as an Anki deck.'],
    ['csv', 'CSV export is part of the Pro plan. Upgrade to Pro to export flashcards as CSV.'],
  ])('refuses %s to Free users with 403 naming Pro', async (format, message) => {
    const response = await free.get(`/api/videos/${freeVideoId}/export/${format}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message });
  });

  it.each(['apkg', 'csv'])("answers 404 for another user's video in %s", async (format) => {
    const response = await pro.get(`/api/videos/${freeVideoId}/export/${format}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Video not found.' });
  });

  it.each(['apkg', 'csv'])('answers 422 in %s for a video without flashcards', async (format) => {
    const response = await pro.get(`/api/videos/${bareVideoId}/export/${format}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: NO_FLASHCARDS_TO_EXPORT });
    expect(await stack.exportFileCount()).toBe(0);
  });

  it('makes the worker itself refuse a deck of a video without flashcards', async () => {
    const attempt = stack.gateway.app
      .get(JobRequester)
      .request(
        QueueName.Export,
        'render',
        { videoId: bareVideoId, userId: pro.userId, format: 'apkg' },
        { lane: 'pro', timeoutMs: 15_000 },
      );
    await expect(attempt).rejects.toMatchObject({ status: 422, message: NO_FLASHCARDS_TO_EXPORT });
    expect(await stack.exportFileCount()).toBe(0);
  });
});
