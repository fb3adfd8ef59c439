import { formatTimestamp } from '@lectern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FlashcardDeck } from './flashcard-deck';
import { ChunkWriter } from './stream-writer';

// Flashcards for Quizlet-style imports (Quizlet, Anki's text import, spreadsheets): one card a row, two
// columns, question then answer, no header row (an importer would take it for a card). RFC 4180: fields
// holding a comma, a quote or a line break are quoted, quotes doubled, rows end in CRLF. UTF-8 without a
// byte-order mark. A CSV cannot carry a link, so the answer ends with its moment, `[m:ss]`, when known.

export function flashcardRows(deck: FlashcardDeck): Array<[string, string]> {
  return deck.cards.map((card) => [
    card.question,
    card.moment === null ? card.answer : `${card.answer} [${formatTimestamp(card.moment)}]`,
  ]);
}

export async function renderCsv(deck: FlashcardDeck, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(stringify(flashcardRows(deck), { record_delimiter: 'windows' }));
  await out.end();
}
