import { flashcardsDocument } from './fixtures/flashcards';
import { pdfReadingText } from './helpers/office-readers';
import { readDocxWithPython } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';

// A flashcard in the study material reads as a card: its question on one line, its answer on the next,
// in every document format, as each format's reader gives the text back.

const CARDS = [
  ['Q: What does the sea do twice a day?', 'A: Η θάλασσα ανεβαίνει δύο φορές την ημέρα.'],
  ['Q: Which energy is clean, in Chinese?', 'A: 潮汐能 [0:37]'],
  ['Q: Fill in the blank: "Der Fluss fließt _____, ça coûte très peu"', 'A: ruhig'],
  ['Q: Wie heißt Ebbe auf Englisch?', 'A: Low water.'],
] as const;

/** Lines of text with empty ones dropped and spaces trimmed. */
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function expectCardsOnTwoLines(read: string[]): void {
  for (const [question, answer] of CARDS) {
    expect(read).toContain(question);
    expect(read[read.indexOf(question) + 1]).toBe(answer);
  }
}

describe('flashcards in the study material', () => {
  it('TXT: the question on one line, the answer on the next', async () => {
    const txt = (await renderToBuffer(flashcardsDocument(), 'txt')).toString('utf8');
    expectCardsOnTwoLines(lines(txt));
  });

  it('PDF (read by pdftotext): the question on one line, the answer on the next', async () => {
    const text = await pdfReadingText(await renderToBuffer(flashcardsDocument(), 'pdf'));
    expectCardsOnTwoLines(lines(text));
  });

  it('DOCX (read by python-docx): the question in one paragraph, the answer in the next', async () => {
    const docx = await readDocxWithPython(await renderToBuffer(flashcardsDocument(), 'docx'));
    expectCardsOnTwoLines(docx.paragraphs.map((paragraph) => paragraph.trim()).filter((p) => p !== ''));
  });
});
