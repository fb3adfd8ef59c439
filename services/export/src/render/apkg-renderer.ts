import { createHash } from 'node:crypto';
import {
  escapeHtml,
  formatTimestamp,
  OFFLINE_MATERIAL_NOTICE,
  WRITTEN_MATERIAL_HINT,
} from '@lectern/contracts';
import { decodeHTML } from 'entities';
import JSZip from 'jszip';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { deckTags, QUIZ_TAG, type FlashcardDeck } from './flashcard-deck';
import { keyedAnswer, OPTION_LETTERS, type QuizSheet } from './quiz-sheet';
import { ChunkWriter } from './stream-writer';

// An Anki package (.apkg): a zip holding `collection.anki2`, an SQLite database in the collection schema
// every Anki version imports (schema 11, as genanki writes it), and `media` (none here). sql.js builds the
// database in memory. A video's package has one deck, named after the video; a course's has a parent deck
// named after the course and a sub-deck per lecture. Each deck has one note per flashcard, then one per quiz
// question (tagged `quiz`), of Lectern's own note type (fields Front and Back). Cards the offline engine made
// say so in their deck's description (what Anki shows above the deck's study button) and in a tag on each card.

/** Lectern's note type: a fixed id, so every Lectern deck a student imports shares one note type. */
export const NOTE_TYPE = { id: 1_732_400_731, name: 'Lectern flashcard', fields: ['Front', 'Back'] } as const;

const SCHEMA = `
CREATE TABLE col (
  id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null,
  conf text not null, models text not null, decks text not null, dconf text not null, tags text not null
);
CREATE TABLE notes (
  id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null,
  csum integer not null, flags integer not null, data text not null
);
CREATE TABLE cards (
  id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null,
  due integer not null, ivl integer not null, factor integer not null, reps integer not null,
  lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null
);
CREATE TABLE revlog (
  id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null
);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const CSS = `.card { font-family: "Noto Sans", Arial, sans-serif; font-size: 20px; text-align: center; color: black; background-color: white; }
.moment { margin-top: 1em; font-size: 16px; }
.options { display: inline-block; margin-top: 0.75em; text-align: left; }
.why { margin-top: 0.75em; font-size: 18px; }`;

const DECK_OPTIONS = {
  1: {
    id: 1,
    name: 'Default',
    autoplay: true,
    dyn: 0,
    maxTaken: 60,
    mod: 0,
    usn: 0,
    timer: 0,
    replayq: true,
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    new: {
      bury: true,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 7],
      order: 1,
      perDay: 20,
      separate: true,
    },
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
  },
};

let sqlJs: Promise<SqlJsStatic> | null = null;

/** sql.js compiles its WebAssembly once per process. */
function sqlite(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

const BASE91 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/**
 * A note's guid, in Anki's base-91 form, from the video and the question: exporting the deck again after
 * the flashcards were regenerated updates the cards whose question is unchanged instead of adding copies.
 */
function noteGuid(youtubeId: string, question: string): string {
  let value = createHash('sha256').update(`lectern__${youtubeId}__${question}`).digest().readBigUInt64BE(0);
  let guid = '';
  while (value > 0n) {
    guid = BASE91[Number(value % 91n)] + guid;
    value /= 91n;
  }
  return guid;
}

/** What names the deck across exports: the video's id, or an uploaded recording's title. */
function deckKey(deck: FlashcardDeck): string {
  return deck.youtubeId ?? `recording__${deck.name}`;
}

/** A deck's id, the same for every export of its key (between 2^30 and 2^31, as genanki advises). */
function deckId(key: string): number {
  return 2 ** 30 + (createHash('sha256').update(`lectern-deck__${key}`).digest().readUInt32BE(0) % 2 ** 30);
}

/**
 * A deck of the package: its name as Anki shows it (`::` nests it under the deck named before), what its id
 * comes from, and its cards (none for a course's parent deck).
 */
export interface PackageDeck {
  name: string;
  key: string;
  deck: FlashcardDeck | null;
}

/** A video's package: one deck named after the video. */
export function videoDecks(deck: FlashcardDeck): PackageDeck[] {
  return [{ name: ankiDeckName(deck.name), key: deckKey(deck), deck }];
}

/**
 * A course's package: the parent deck `Course title` and a sub-deck `Course title::NN Lecture title` per lecture
 * with cards (NN two digits, so Anki's alphabetical list keeps the course's order).
 */
export function courseDecks(
  course: { courseId: string; title: string },
  lectures: Array<{ number: string; deck: FlashcardDeck }>,
): PackageDeck[] {
  const parent = { name: ankiDeckName(course.title), key: `course__${course.courseId}`, deck: null };
  return [
    parent,
    ...lectures
      .filter(({ deck }) => deck.cards.length > 0 || deck.quiz !== null)
      .map(({ number, deck }) => ({
        name: `${parent.name}::${number} ${ankiDeckName(deck.name)}`,
        key: `${parent.key}__${deckKey(deck)}`,
        deck,
      })),
  ];
}

// What Anki takes out of a field for its sort field and checksum (`strip_html` in its rslib/src/text.rs):
// comments, style and script blocks, then any tag; entities are decoded after. (It keeps media file names
// too; a Lectern field holds no media.)
const ANKI_HTML = /<!--.*?-->|<style.*?>.*?<\/style>|<script.*?>.*?<\/script>|<.*?>/gis;

/** A stored field's text as Anki reads it for the sort field and the duplicate check. */
function ankiFieldText(field: string): string {
  const withoutTags = field.replace(ANKI_HTML, '');
  return withoutTags.includes('&') ? decodeHTML(withoutTags).replace(/\u00a0/g, ' ') : withoutTags;
}

/** Anki's duplicate check: the first 8 hex digits of the SHA-1 of the first field's text. */
function fieldChecksum(text: string): number {
  return parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);
}

/** The Anki deck name: `::` would nest it under a parent deck named after the title's first part. */
export function ankiDeckName(title: string): string {
  return title.replace(/::/g, ': ');
}

/** The moment a card comes from, as a link to the video at that second when there is a video. */
function momentHtml(moment: number, url: string | null): string {
  const stamp = `[${formatTimestamp(moment)}]`;
  return `<div class="moment">${url === null ? stamp : `<a href="${escapeHtml(url)}">${stamp}</a>`}</div>`;
}

function backField(card: FlashcardDeck['cards'][number]): string {
  const answer = escapeHtml(card.answer);
  return card.moment === null ? answer : `${answer}${momentHtml(card.moment, card.momentUrl)}`;
}

/** A note as written into the collection: its fields' HTML, its tags, and what its guid is made from. */
interface AnkiNote {
  key: string;
  front: string;
  back: string;
  tags: string[];
}

function flashcardNotes(deck: FlashcardDeck): AnkiNote[] {
  return deck.cards.map((card) => ({
    key: card.question,
    front: escapeHtml(card.question),
    back: backField(card),
    tags: deckTags(deck),
  }));
}

/**
 * A quiz question as a card: the question and its lettered options on the front; the answer, why it is right
 * and the moment that teaches it on the back. Tagged `quiz`, so a student can study them apart.
 */
function quizNotes(quiz: QuizSheet | null): AnkiNote[] {
  if (quiz === null) return [];
  const notes = new Map<string, AnkiNote>();
  for (const question of quiz.questions) {
    const options = question.options.map(
      (option, index) => `<div>${OPTION_LETTERS[index] ?? '?'}. ${escapeHtml(option)}</div>`,
    );
    // A question asked twice with the same options would share its guid, and Anki would drop one.
    const key = `quiz__${question.prompt}__${question.options.join('__')}`;
    if (notes.has(key)) continue;
    notes.set(key, {
      key,
      front:
        options.length === 0
          ? escapeHtml(question.prompt)
          : `${escapeHtml(question.prompt)}<div class="options">${options.join('')}</div>`,
      back: [
        `<div class="answer">${escapeHtml(keyedAnswer(question))}</div>`,
        `<div class="why">${escapeHtml(question.explanation)}</div>`,
        momentHtml(question.moment, question.momentUrl),
      ].join(''),
      tags: [...deckTags(quiz), QUIZ_TAG],
    });
  }
  return [...notes.values()];
}

/**
 * The deck's description (HTML, as Anki shows it on the deck's overview): empty unless the offline engine wrote
 * the cards (or the quiz).
 */
export function deckDescription(deck: Pick<FlashcardDeck, 'offline' | 'quiz'>): string {
  if (!deck.offline && deck.quiz?.offline !== true) return '';
  return `<p>${escapeHtml(OFFLINE_MATERIAL_NOTICE)}</p><p>${escapeHtml(WRITTEN_MATERIAL_HINT)}</p>`;
}

/** A note in its deck, with its guid. */
interface PlacedNote extends AnkiNote {
  guid: string;
  did: number;
}

/**
 * The decks' notes in order, each in its deck. A note's guid comes from its video and its key, as in the
 * video's own package, so Anki takes a card exported with its video and again with its course for one note.
 */
function placedNotes(decks: PackageDeck[]): PlacedNote[] {
  const placed = new Map<string, PlacedNote>();
  for (const { key, deck } of decks) {
    if (deck === null) continue;
    for (const note of [...flashcardNotes(deck), ...quizNotes(deck.quiz)]) {
      const guid = noteGuid(deckKey(deck), note.key);
      if (!placed.has(guid)) placed.set(guid, { ...note, guid, did: deckId(key) });
    }
  }
  return [...placed.values()];
}

function writeCollection(db: Database, decks: PackageDeck[], now: Date): void {
  const notes = placedNotes(decks);
  const nowMs = now.getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  const did = notes[0]?.did ?? deckId(decks[0]?.key ?? 'empty');
  const model = {
    id: String(NOTE_TYPE.id),
    name: NOTE_TYPE.name,
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did,
    tags: [],
    vers: [],
    css: CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'all', [0]]],
    flds: NOTE_TYPE.fields.map((name, ord) => ({
      name,
      ord,
      font: 'Arial',
      size: 20,
      media: [],
      rtl: false,
      sticky: false,
    })),
    tmpls: [
      {
        name: 'Card 1',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
        bqfmt: '',
        bafmt: '',
        bfont: '',
        bsize: 0,
        did: null,
      },
    ],
  };
  const deckJson = (id: number, name: string, desc = '') => ({
    id,
    name,
    desc,
    conf: 1,
    dyn: 0,
    collapsed: false,
    extendNew: 10,
    extendRev: 50,
    mod: nowSeconds,
    usn: -1,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  });
  const conf = {
    activeDecks: [1],
    curDeck: 1,
    curModel: String(NOTE_TYPE.id),
    addToCur: true,
    collapseTime: 1200,
    dueCounts: true,
    estTimes: true,
    newBury: true,
    newSpread: 0,
    nextPos: notes.length + 1,
    sortBackwards: false,
    sortType: 'noteFld',
    timeLim: 0,
  };

  db.run(SCHEMA);
  db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
    nowSeconds,
    nowMs,
    nowMs,
    JSON.stringify(conf),
    JSON.stringify({ [model.id]: model }),
    JSON.stringify({
      1: deckJson(1, 'Default'),
      ...Object.fromEntries(
        decks.map(({ name, key, deck }) => [
          deckId(key),
          deckJson(deckId(key), name, deck === null ? '' : deckDescription(deck)),
        ]),
      ),
    }),
    JSON.stringify(DECK_OPTIONS),
    '{}',
  ]);
  const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
  const card = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)');
  try {
    notes.forEach((written, index) => {
      const noteId = nowMs + index;
      // The sort field and its checksum come from the stored (escaped) front, as Anki computes them.
      const frontText = ankiFieldText(written.front);
      note.run([
        noteId,
        written.guid,
        NOTE_TYPE.id,
        nowSeconds,
        ` ${written.tags.join(' ')} `,
        [written.front, written.back].join('\x1f'),
        frontText,
        fieldChecksum(frontText),
        '',
      ]);
      // New cards are shown in the deck's order: `due` is the position, running on across a course's decks.
      card.run([nowMs + notes.length + index, noteId, written.did, nowSeconds, index + 1, '']);
    });
  } finally {
    note.free();
    card.free();
  }
}

/** The package's bytes: the collection and an empty media list, zipped. */
export async function apkgBytes(decks: PackageDeck[], now: Date): Promise<Buffer> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  let collection: Uint8Array;
  try {
    writeCollection(db, decks, now);
    collection = db.export();
  } finally {
    db.close();
  }
  const zip = new JSZip();
  zip.file('collection.anki2', collection);
  zip.file('media', '{}');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export async function renderApkg(
  decks: PackageDeck[],
  now: Date,
  output: NodeJS.WritableStream,
): Promise<void> {
  const bytes = await apkgBytes(decks, now);
  const out = new ChunkWriter(output);
  for (let offset = 0; offset < bytes.length; offset += 256 * 1024) {
    await out.writeBytes(bytes.subarray(offset, offset + 256 * 1024));
  }
  await out.end();
}
