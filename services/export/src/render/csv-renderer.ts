import { formatTimestamp, OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from '@lectern/contracts';
import { stringify } from 'csv-stringify/sync';
import { ankiDeckName } from './apkg-renderer';
import { OFFLINE_CARDS_TAG, type FlashcardDeck } from './flashcard-deck';
import { ChunkWriter } from './stream-writer';

// Flashcards for Anki's text import (and other flashcard apps): one card a row, question then answer. A CSV
// cannot carry a link, so the answer ends with its moment, `[m:ss]`, when known.
//
// Anki reads the file's headers first (lines starting with `#`), so it imports with nothing to choose:
// without `#separator` it would take the first of tab, pipe, semicolon, colon and comma it meets, and
// every `[m:ss]` holds a colon. `#html:false`: the cards are plain text, Anki shows `<` and `&` as written.
// `#notetype:Basic` (Anki's stock note type; a collection without one keeps the note type chosen last) and
// `#deck:` the deck the `.apkg` export creates (used when it exists, else Anki's current deck). No
// `#columns`: named columns fill only the fields of the same name, and Anki names the stock note type's
// fields in the user's language (Vorderseite, Rückseite…), so the answer would be dropped; unnamed columns
// fill the note type's first and second fields, whatever their names.
//
// Cards the offline engine made say so: `#tags:` puts its tag on every card (Anki shows a note's tags with
// it), and two comment lines carry the notice and how to get written cards. Anki reads every leading line
// that starts with `#` as a header: `#key:value` for the keys it knows, anything else skipped as a comment
// (rslib/src/import_export/text/csv/metadata.rs), so the import asks nothing more.
//
// RFC 4180 otherwise: fields holding a comma, a quote or a line break are quoted, quotes doubled, rows end
// in CRLF. A field starting with `#` is quoted too: Anki skips any record starting with `#` as a comment.
// UTF-8 with no byte-order mark: Anki reads UTF-8 either way, and Anki releases before 2023 took a mark
// before the first header for part of it, so the headers were lost.
//
// This file is for flashcard apps, not spreadsheets: cells are written as they are, with no formula guard
// (a guard's leading apostrophe would show on the card). The cards are AI output over captions anyone
// can write, so a spreadsheet should open it through its text import with the columns as text.

export function flashcardRows(deck: FlashcardDeck): Array<[string, string]> {
  return deck.cards.map((card) => [
    card.question,
    card.moment === null ? card.answer : `${card.answer} [${formatTimestamp(card.moment)}]`,
  ]);
}

/** Anki's file headers: one `#key:value` line each. Values are single lines (titles are sanitised). */
export function ankiHeaders(deck: FlashcardDeck): string {
  const headers = ['#separator:comma', '#html:false', '#notetype:Basic', `#deck:${ankiDeckName(deck.name)}`];
  if (deck.offline) {
    headers.push(`#tags:${OFFLINE_CARDS_TAG}`, `# ${OFFLINE_MATERIAL_NOTICE}`, `# ${WRITTEN_MATERIAL_HINT}`);
  }
  return headers.map((line) => `${line}\r\n`).join('');
}

export async function renderCsv(deck: FlashcardDeck, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(ankiHeaders(deck));
  await out.write(stringify(flashcardRows(deck), { record_delimiter: 'windows', quoted_match: /^#/ }));
  await out.end();
}
