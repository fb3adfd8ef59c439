import { createHash } from 'node:crypto';
import { buildFlashcardDeck } from '../src/render';
import { NOTE_TYPE } from '../src/render/apkg-renderer';
import { flashcardsDocument, longLectureDocument } from './fixtures/flashcards';
import { multilingualDocument } from './fixtures/multilingual';
import { openAnkiPackage } from './helpers/anki-package';
import { readAnkiCsv } from './helpers/anki-csv';
import { renderToBuffer } from './helpers/render-to-buffer';

describe('Anki package', () => {
  let anki: Awaited<ReturnType<typeof openAnkiPackage>>;

  beforeAll(async () => {
    anki = await openAnkiPackage(await renderToBuffer(flashcardsDocument(), 'apkg'));
  });

  it('is a zip of an Anki collection and an empty media list', () => {
    expect(anki.files).toEqual(['collection.anki2', 'media']);
    expect(anki.media).toEqual({});
    expect(anki.version).toBe(11);
  });

  it('holds one deck named after the video (beside Anki’s Default)', () => {
    const named = anki.decks.filter((deck) => deck.id !== 1);
    expect(named.map((deck) => deck.name)).toEqual(['Tides 🌊 and the Moon: Приливы, 潮汐, المد']);
    expect(anki.cards.every((card) => card.did === named[0]?.id)).toBe(true);
  });

  it('uses Lectern’s note type with the fields Front and Back', () => {
    expect(anki.models).toEqual([
      expect.objectContaining({ id: String(NOTE_TYPE.id), name: 'Lectern flashcard' }),
    ]);
    expect(anki.models[0]?.flds.map((field) => field.name)).toEqual(['Front', 'Back']);
    expect(anki.notes.every((note) => note.mid === NOTE_TYPE.id)).toBe(true);
  });

  it('has one new card per flashcard, in the flashcards’ order', () => {
    expect(anki.notes.map((note) => note.fields[0])).toEqual([
      'What does the sea do twice a day?',
      'Which energy is clean, in Chinese?',
      'Fill in the blank: &quot;Der Fluss fließt _____, ça coûte très peu&quot;',
      'Wie heißt Ebbe auf Englisch?',
    ]);
    expect(anki.cards).toHaveLength(4);
    expect(anki.cards.map((card) => [card.nid, card.ord, card.type, card.queue, card.due])).toEqual(
      anki.notes.map((note, index) => [note.id, 0, 0, 0, index + 1]),
    );
  });

  it('sorts and checks duplicates on the question as Anki does (its text, SHA-1 checksum)', () => {
    const note = anki.notes[2];
    expect(note?.sortField).toBe('Fill in the blank: "Der Fluss fließt _____, ça coûte très peu"');
    const sha1 = createHash('sha1')
      .update(note?.sortField ?? '')
      .digest('hex');
    expect(note?.checksum).toBe(parseInt(sha1.slice(0, 8), 16));
  });

  it('checksums a question holding < > & as Anki would from the stored field (tags out, entities decoded)', async () => {
    const deck = await openAnkiPackage(
      await renderToBuffer(flashcardsDocument('Q: Is 3 < 5 > 4?\nA: No.\n\nQ: A & B\nA: Both.'), 'apkg'),
    );
    // Stored escaped, the fields hold no tag: Anki's stripping leaves them whole and decoding gives the text.
    expect(deck.notes.map((note) => note.fields[0])).toEqual(['Is 3 &lt; 5 &gt; 4?', 'A &amp; B']);
    const ankiChecksum = (text: string) =>
      parseInt(createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8), 16);
    expect(deck.notes.map((note) => [note.sortField, note.checksum])).toEqual([
      ['Is 3 < 5 > 4?', ankiChecksum('Is 3 < 5 > 4?')],
      ['A & B', ankiChecksum('A & B')],
    ]);
  });

  it('puts the answer and a link to its moment in the video on the back', () => {
    const url = (seconds: number) => `https://www.youtube.com/watch?v=abc123XYZ_-&amp;t=${seconds}s`;
    expect(anki.notes.map((note) => note.fields[1])).toEqual([
      // Placed by the Greek sentence it quotes (segment at 0:22.5).
      `Η θάλασσα ανεβαίνει δύο φορές την ημέρα.<div class="moment"><a href="${url(22)}">[0:22]</a></div>`,
      // The answer cited its moment itself.
      `潮汐能<div class="moment"><a href="${url(37)}">[0:37]</a></div>`,
      `ruhig<div class="moment"><a href="${url(7)}">[0:07]</a></div>`,
      // Shares no word with the transcript: no moment.
      'Low water.',
    ]);
  });

  it('reads moments past an hour as h:mm:ss and keeps :: out of the deck name', async () => {
    const long = await openAnkiPackage(await renderToBuffer(longLectureDocument(), 'apkg'));
    expect(long.notes[0]?.fields[1]).toContain('>[1:02:03]</a>');
    expect(long.notes[0]?.fields[1]).toContain('&amp;t=3723s');
    expect(long.decks.map((deck) => deck.name)).toContain('Oceans :  Part 2');
  });

  it('gives a card the same guid in every export of the video, so a new import updates it', async () => {
    const again = await openAnkiPackage(await renderToBuffer(flashcardsDocument(), 'apkg'));
    expect(again.notes.map((note) => note.guid)).toEqual(anki.notes.map((note) => note.guid));
    expect(new Set(anki.notes.map((note) => note.guid)).size).toBe(4);
  });
});

describe('Flashcards CSV, read with Anki’s text import rules', () => {
  const questions = [
    'What does the sea do twice a day?',
    'Which energy is clean, in Chinese?',
    'Fill in the blank: &quot;Der Fluss fließt _____, ça coûte très peu&quot;',
    'Wie heißt Ebbe auf Englisch?',
  ].map((question) => question.replace(/&quot;/g, '"'));

  it('names its separator, plain text, note type and deck, so Anki asks nothing', async () => {
    const csv = readAnkiCsv(await renderToBuffer(flashcardsDocument(), 'csv'));
    expect(csv.headers).toEqual({
      separator: 'comma',
      html: 'false',
      notetype: 'Basic',
      deck: 'Tides 🌊 and the Moon: Приливы, 潮汐, المد',
    });
    expect(csv.separator).toBe(',');
    expect(csv.html).toBe(false);
  });

  it('leaves its columns unnamed, so they fill a note type’s two fields whatever the language names them', async () => {
    const file = await renderToBuffer(flashcardsDocument(), 'csv');
    expect(readAnkiCsv(file).columns).toEqual([]);
    expect(readAnkiCsv(file, ['Vorderseite', 'Rückseite']).notes[3]).toEqual({
      Vorderseite: 'Wie heißt Ebbe auf Englisch?',
      Rückseite: 'Low water.',
    });
  });

  it('gives one note per card, the question on the front and the answer with its [m:ss] on the back', async () => {
    const csv = readAnkiCsv(await renderToBuffer(flashcardsDocument(), 'csv'));
    expect(csv.notes).toEqual([
      { Front: questions[0], Back: 'Η θάλασσα ανεβαίνει δύο φορές την ημέρα. [0:22]' },
      { Front: questions[1], Back: '潮汐能 [0:37]' },
      { Front: questions[2], Back: 'ruhig [0:07]' },
      { Front: questions[3], Back: 'Low water.' },
    ]);
  });

  it('keeps a card whose question starts with # (quoted, so it is no comment)', async () => {
    const text = 'Q: # of tides a day?\nA: Two.\n\nQ: #hashtag or not?\nA: Not.';
    const csv = readAnkiCsv(await renderToBuffer(flashcardsDocument(text), 'csv'));
    expect(csv.notes.map((note) => note.Front)).toEqual(['# of tides a day?', '#hashtag or not?']);
  });

  it('shows answers starting with - + = @ as written: no spreadsheet guard on the card', async () => {
    const text = [
      'Q: Summit low?\nA: -5 kelvin',
      'Q: +1 or -1?\nA: =HYPERLINK("x")',
      'Q: Handle?\nA: @lectern & <b>bold</b>',
    ].join('\n\n');
    const csv = readAnkiCsv(await renderToBuffer(flashcardsDocument(text), 'csv'));
    expect(csv.notes).toEqual([
      { Front: 'Summit low?', Back: '-5 kelvin' },
      { Front: '+1 or -1?', Back: '=HYPERLINK("x")' },
      // Plain text: Anki escapes it, so the card shows the characters, not markup.
      { Front: 'Handle?', Back: '@lectern &amp; &lt;b&gt;bold&lt;/b&gt;' },
    ]);
  });

  it('writes moments past an hour as h:mm:ss and keeps :: out of the deck name', async () => {
    const csv = readAnkiCsv(await renderToBuffer(longLectureDocument(), 'csv'));
    expect(csv.notes).toEqual([
      { Front: 'What happens at a spring tide?', Back: 'The highest high tides of the month. [1:02:03]' },
    ]);
    expect(csv.headers.deck).toBe('Oceans :  Part 2');
  });

  it('is UTF-8 with no byte-order mark, the separator header first, CRLF row ends', async () => {
    const csv = (await renderToBuffer(flashcardsDocument(), 'csv')).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('#separator:comma');
    expect(csv.split('\r\n').slice(4)).toEqual([
      'What does the sea do twice a day?,Η θάλασσα ανεβαίνει δύο φορές την ημέρα. [0:22]',
      '"Which energy is clean, in Chinese?",潮汐能 [0:37]',
      '"Fill in the blank: ""Der Fluss fließt _____, ça coûte très peu""",ruhig [0:07]',
      'Wie heißt Ebbe auf Englisch?,Low water.',
      '',
    ]);
  });
});

describe('flashcard deck', () => {
  // Anki matches notes by guid, made from the question: a repeated question would lose a card on import.
  const REPEATED = [
    'Q: What causes tides?\nA: The Moon.',
    'Q: Why is the sea salty?\nA: Minerals.',
    'Q:   what  CAUSES tides? \nA: Gravity.',
    'Q: What causes tides?\nA: The Moon, again.',
  ].join('\n\n');

  it('keeps the first card of a question asked again (same after trimming, spacing and case) in the Anki package', async () => {
    const deck = await openAnkiPackage(await renderToBuffer(flashcardsDocument(REPEATED), 'apkg'));
    expect(deck.notes.map((note) => [note.fields[0], note.fields[1]?.replace(/<div.*$/u, '')])).toEqual([
      ['What causes tides?', 'The Moon.'],
      ['Why is the sea salty?', 'Minerals.'],
    ]);
    expect(new Set(deck.notes.map((note) => note.guid)).size).toBe(2);
    expect(deck.cards).toHaveLength(2);
  });

  it('keeps the first card of a question asked again in the CSV', async () => {
    const csv = readAnkiCsv(await renderToBuffer(flashcardsDocument(REPEATED), 'csv'));
    expect(csv.notes.map((note) => [note.Front, note.Back?.replace(/ \[\d+:\d\d\]$/u, '')])).toEqual([
      ['What causes tides?', 'The Moon.'],
      ['Why is the sea salty?', 'Minerals.'],
    ]);
  });

  it('has no cards for a video without flashcards', () => {
    expect(buildFlashcardDeck(multilingualDocument()).cards).toEqual([]);
  });

  it('has no cards when the stored flashcards hold no question and answer', () => {
    expect(buildFlashcardDeck(flashcardsDocument('Nothing to learn here.')).cards).toEqual([]);
  });
});
