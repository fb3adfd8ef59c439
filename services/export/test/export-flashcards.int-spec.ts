import { createHash } from 'node:crypto';
import { buildFlashcardDeck } from '../src/render';
import { NOTE_TYPE } from '../src/render/apkg-renderer';
import { flashcardsDocument, longLectureDocument } from './fixtures/flashcards';
import { multilingualDocument } from './fixtures/multilingual';
import { openAnkiPackage } from './helpers/anki-package';
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

describe('Flashcards CSV', () => {
  it('writes question,answer rows quoted as RFC 4180 asks, CRLF, UTF-8 after a byte-order mark, no header', async () => {
    const csv = await renderToBuffer(flashcardsDocument(), 'csv');
    expect(csv.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(csv.subarray(3).toString('utf8')).toBe(
      [
        'What does the sea do twice a day?,Η θάλασσα ανεβαίνει δύο φορές την ημέρα. [0:22]',
        '"Which energy is clean, in Chinese?",潮汐能 [0:37]',
        '"Fill in the blank: ""Der Fluss fließt _____, ça coûte très peu""",ruhig [0:07]',
        'Wie heißt Ebbe auf Englisch?,Low water.',
        '',
      ].join('\r\n'),
    );
  });

  it('writes moments past an hour as h:mm:ss', async () => {
    const csv = await renderToBuffer(longLectureDocument(), 'csv');
    expect(csv.subarray(3).toString('utf8')).toBe(
      'What happens at a spring tide?,The highest high tides of the month. [1:02:03]\r\n',
    );
  });
  it('makes no cell a spreadsheet formula: one starting with = + - @, a tab or a CR gets a leading quote', async () => {
    const text = [
      'Q: =HYPERLINK("http://x","click")\nA: @SUM(A1)',
      'Q: +1\nA: -2+3',
      'Q: Summit low?\nA: -5 kelvin',
      'Q: ＝1+1 (full-width)\nA: Plain answer',
    ].join('\n\n');
    const csv = await renderToBuffer(flashcardsDocument(text), 'csv');
    expect(csv.subarray(3).toString('utf8')).toBe(
      [
        '"\'=HYPERLINK(""http://x"",""click"")",\'@SUM(A1)',
        "'+1,'-2+3",
        "Summit low?,'-5 kelvin",
        "'＝1+1 (full-width),Plain answer",
        '',
      ].join('\r\n'),
    );
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
    const csv = await renderToBuffer(flashcardsDocument(REPEATED), 'csv');
    expect(
      csv
        .subarray(3)
        .toString('utf8')
        .split('\r\n')
        .map((row) => row.replace(/ \[\d+:\d\d\]$/u, '')),
    ).toEqual(['What causes tides?,The Moon.', 'Why is the sea salty?,Minerals.', '']);
  });

  it('has no cards for a video without flashcards', () => {
    expect(buildFlashcardDeck(multilingualDocument()).cards).toEqual([]);
  });

  it('has no cards when the stored flashcards hold no question and answer', () => {
    expect(buildFlashcardDeck(flashcardsDocument('Nothing to learn here.')).cards).toEqual([]);
  });
});
