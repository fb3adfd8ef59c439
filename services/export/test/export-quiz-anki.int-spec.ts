import { createHash } from 'node:crypto';
import { escapeHtml, OFFLINE_MATERIAL_NOTICE } from '@lectern/contracts';
import { NOTE_TYPE } from '../src/render/apkg-renderer';
import { flashcardsDocument } from './fixtures/flashcards';
import { QUIZ_TEXT } from '@lectern/contracts/testing';
import { quizDocument } from './fixtures/quiz';
import { openAnkiPackage } from './helpers/anki-package';
import { readAnkiCsv } from './helpers/anki-csv';
import { renderToBuffer } from './helpers/render-to-buffer';

// A video's quiz in its Anki deck, opened as Anki opens the package: one card per question after the
// flashcards, the question and its lettered options on the front, the answer, why and the moment on the back,
// each tagged `quiz`.

const url = (seconds: number) => `https://www.youtube.com/watch?v=abc123XYZ_-&amp;t=${seconds}s`;
const moment = (stamp: string, seconds: number) =>
  `<div class="moment"><a href="${url(seconds)}">[${stamp}]</a></div>`;

/** The flashcards and the quiz of the same video. */
function studiedDocument(quizText = QUIZ_TEXT, engine = 'openai') {
  const doc = flashcardsDocument();
  return quizDocument(quizText, engine, doc);
}

describe('a quiz in the Anki deck', () => {
  let anki: Awaited<ReturnType<typeof openAnkiPackage>>;

  beforeAll(async () => {
    anki = await openAnkiPackage(await renderToBuffer(studiedDocument(), 'apkg'));
  });

  it('adds one card per question after the flashcards, in the same deck and note type', () => {
    expect(anki.notes).toHaveLength(4 + 3);
    expect(anki.cards).toHaveLength(7);
    expect(anki.cards.map((card) => [card.nid, card.due])).toEqual(
      anki.notes.map((note, index) => [note.id, index + 1]),
    );
    expect(new Set(anki.cards.map((card) => card.did)).size).toBe(1);
    expect(anki.notes.every((note) => note.mid === NOTE_TYPE.id)).toBe(true);
  });

  it('shows the question and its lettered options on the front', () => {
    expect(anki.notes.slice(4).map((note) => note.fields[0])).toEqual([
      'What does the sea do twice a day?<div class="options"><div>A. It rises</div><div>B. It freezes</div>' +
        '<div>C. It turns salty</div><div>D. It stops</div></div>',
      'In {set} notation, which holds: a = b ~ c # d, or x: y\\z?<div class="options">' +
        '<div>A. a = b ~ c # d</div><div>B. x: y\\z</div><div>C. { } only</div>' +
        '<div>D. 3 &lt; 5 &amp; 4 &gt; 2</div></div>',
      'Which energy is clean, in Chinese?',
    ]);
  });

  it('shows the answer, why it is right and the moment linked to the video on the back', () => {
    expect(anki.notes.slice(4).map((note) => note.fields[1])).toEqual([
      '<div class="answer">A. It rises</div><div class="why">The lecture says the sea rises twice a day [0:22]; ' +
        `it never freezes, turns salty or stops.</div>${moment('0:22', 22)}`,
      '<div class="answer">B. x: y\\z</div><div class="why">Only x: y\\z holds [1:02:05], because {set} &amp; ' +
        `&lt;tags&gt; say so.</div>${moment('1:02:05', 3725)}`,
      '<div class="answer">潮汐能 *tidal* energy</div><div class="why">Tidal energy, 潮汐能, is clean [0:37].</div>' +
        moment('0:37', 37),
    ]);
  });

  it('tags the quiz cards quiz (and only them), sorted and checked for duplicates by their front’s text', () => {
    expect(anki.notes.map((note) => note.tags)).toEqual([
      ...Array.from({ length: 4 }, () => ['lectern']),
      ...Array.from({ length: 3 }, () => ['lectern', 'quiz']),
    ]);
    const note = anki.notes[5];
    expect(note?.sortField).toBe(
      'In {set} notation, which holds: a = b ~ c # d, or x: y\\z?A. a = b ~ c # dB. x: y\\zC. { } onlyD. 3 < 5 & 4 > 2',
    );
    const sha1 = createHash('sha1')
      .update(note?.sortField ?? '')
      .digest('hex');
    expect(note?.checksum).toBe(parseInt(sha1.slice(0, 8), 16));
  });

  it('gives each question its own guid, the same in every export, apart from a flashcard asking the same', async () => {
    const same = 'Q: What does the sea do twice a day?\nA: It rises.';
    const again = await openAnkiPackage(
      await renderToBuffer(quizDocument(QUIZ_TEXT, 'openai', flashcardsDocument(same)), 'apkg'),
    );
    const guids = again.notes.map((note) => note.guid);
    expect(new Set(guids).size).toBe(4);
    expect(guids.slice(1)).toEqual(anki.notes.slice(4).map((note) => note.guid));
  });

  it('makes a deck of the quiz alone for a video without flashcards', async () => {
    const quizOnly = await openAnkiPackage(await renderToBuffer(quizDocument(), 'apkg'));
    expect(quizOnly.notes.map((note) => note.tags)).toEqual(
      Array.from({ length: 3 }, () => ['lectern', 'quiz']),
    );
  });

  it('labels a quiz the offline engine wrote: its tag on the quiz cards and the notice on the deck', async () => {
    const offline = await openAnkiPackage(
      await renderToBuffer(studiedDocument(QUIZ_TEXT, 'offline'), 'apkg'),
    );
    expect(offline.notes.slice(4).every((note) => note.tags.includes('extracted-passages'))).toBe(true);
    expect(offline.notes.slice(0, 4).every((note) => !note.tags.includes('extracted-passages'))).toBe(true);
    expect(offline.decks.find((deck) => deck.id !== 1)?.desc).toContain(escapeHtml(OFFLINE_MATERIAL_NOTICE));
  });

  it('leaves the quiz out of the flashcards CSV', async () => {
    const csv = readAnkiCsv(await renderToBuffer(studiedDocument(), 'csv'));
    expect(csv.notes).toHaveLength(4);
  });
});
