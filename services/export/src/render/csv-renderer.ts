import { formatTimestamp } from '@lectern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FlashcardDeck } from './flashcard-deck';
import { ChunkWriter } from './stream-writer';

// Flashcards for Quizlet-style imports (Quizlet, Anki's text import, spreadsheets): one card a row, two
// columns, question then answer, no header row (an importer would take it for a card). RFC 4180: fields
// holding a comma, a quote or a line break are quoted, quotes doubled, rows end in CRLF. A CSV cannot carry
// a link, so the answer ends with its moment, `[m:ss]`, when known.
//
// UTF-8 after a byte-order mark: without one Excel reads the file in the local code page and shows every
// non-ASCII card garbled; Anki's CSV import skips the mark.
//
// The cards are AI output over captions anyone can write, so no cell may start a spreadsheet formula: a cell
// starting with =, +, -, @, a tab or a carriage return (or a full-width =, +, -, @) gets a leading single
// quote, as OWASP advises against CSV injection (csv-stringify's `escape_formulas`). An ordinary answer such
// as "-5 degrees" gets the quote too: a spreadsheet reads `-2+3` as a formula, and text alone cannot tell one
// from the other.

export function flashcardRows(deck: FlashcardDeck): Array<[string, string]> {
  return deck.cards.map((card) => [
    card.question,
    card.moment === null ? card.answer : `${card.answer} [${formatTimestamp(card.moment)}]`,
  ]);
}

export async function renderCsv(deck: FlashcardDeck, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(
    stringify(flashcardRows(deck), { record_delimiter: 'windows', escape_formulas: true, bom: true }),
  );
  await out.end();
}
