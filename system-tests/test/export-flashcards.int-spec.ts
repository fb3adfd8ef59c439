import {
  OFFLINE_MATERIAL_NOTICE,
  parseFlashcards,
  WRITTEN_MATERIAL_HINT,
  type AiContentItem,
} from '@lectern/contracts';
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
// gateway and the export worker; the deck is opened as Anki opens it. What these formats refuse, and to whom:
// export-study-refusals.int-spec.ts.
describe('exporting flashcards', () => {
  let stack: ExportStack;
  let pro: Awaited<ReturnType<typeof signedInAs>>;
  let videoId: string;
  let questions: string[];

  beforeAll(async () => {
    stack = await startExportStack();
    pro = await signedInAs(stack, 'pro');
    videoId = await analysed(pro, 'supplydmnd1');
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
});
