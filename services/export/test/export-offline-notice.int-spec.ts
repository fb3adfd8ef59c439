import { OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from '@lectern/contracts';
import { decodeHTML } from 'entities';
import type { ExportDocument } from '../src/render';
import { flashcardsDocument } from './fixtures/flashcards';
import { multilingualDocument } from './fixtures/multilingual';
import { readAnkiCsv } from './helpers/anki-csv';
import { openAnkiPackage } from './helpers/anki-package';
import { pdfReadingText } from './helpers/office-readers';
import { readDocxWithPython } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';

// What Lectern's offline engine wrote is labelled in every document export as passages extracted from the
// transcript, with how to get written material; what a model wrote is not. Read back by readers Lectern did
// not write: poppler's pdftotext and python-docx; the flashcard exports as Anki reads its package and its
// text import.

/** The fixture's short summary from the offline engine, its key insights from a model. */
function mixedEnginesDocument(): ExportDocument {
  const doc = multilingualDocument();
  const [summary, insights] = doc.aiContent;
  if (!summary || !insights) throw new Error('the fixture has a summary and key insights');
  return {
    ...doc,
    aiContent: [
      { ...summary, engine: 'offline' },
      { ...insights, engine: 'openai' },
    ],
  };
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** The notice and hint appear once each, under the offline item's heading and before the model's item. */
function expectLabelledOnce(text: string): void {
  const flat = oneLine(text);
  expect(occurrences(flat, OFFLINE_MATERIAL_NOTICE)).toBe(1);
  expect(occurrences(flat, WRITTEN_MATERIAL_HINT)).toBe(1);
  const summary = flat.indexOf('Summary (Short)');
  const notice = flat.indexOf(OFFLINE_MATERIAL_NOTICE);
  const hint = flat.indexOf(WRITTEN_MATERIAL_HINT);
  const summaryText = flat.indexOf('Tides rise and fall twice a day');
  const insights = flat.indexOf('Key Insights');
  expect(summary).toBeGreaterThan(-1);
  expect([summary < notice, notice < hint, hint < summaryText, summaryText < insights]).toEqual([
    true,
    true,
    true,
    true,
  ]);
}

describe('the offline engine’s label in exports', () => {
  it('leads the offline item in TXT, and only that item', async () => {
    const text = (await renderToBuffer(mixedEnginesDocument(), 'txt')).toString('utf8');
    expect(text).toContain(
      `Summary (Short)\n~~~~~~~~~~~~~~~\n\n${OFFLINE_MATERIAL_NOTICE}\n${WRITTEN_MATERIAL_HINT}\n\nTides rise and fall twice a day because of the moon.\n`,
    );
    expectLabelledOnce(text);
  });

  it('leads the offline item in the PDF as pdftotext reads it', async () => {
    expectLabelledOnce(await pdfReadingText(await renderToBuffer(mixedEnginesDocument(), 'pdf')));
  });

  it('leads the offline item in the DOCX as python-docx reads it', async () => {
    const { paragraphs } = await readDocxWithPython(await renderToBuffer(mixedEnginesDocument(), 'docx'));
    expect(paragraphs).toContain(OFFLINE_MATERIAL_NOTICE);
    expect(paragraphs).toContain(WRITTEN_MATERIAL_HINT);
    expectLabelledOnce(paragraphs.join('\n'));
  });

  it('is absent when a model wrote everything, and where the engine is not known', async () => {
    const doc = multilingualDocument();
    const written = { ...doc, aiContent: doc.aiContent.map((item) => ({ ...item, engine: 'openai' })) };
    for (const subject of [written, doc]) {
      const txt = (await renderToBuffer(subject, 'txt')).toString('utf8');
      const pdf = await pdfReadingText(await renderToBuffer(subject, 'pdf'));
      const { paragraphs } = await readDocxWithPython(await renderToBuffer(subject, 'docx'));
      for (const text of [txt, oneLine(pdf), paragraphs.join('\n')]) {
        expect(text).not.toContain(OFFLINE_MATERIAL_NOTICE);
        expect(text).not.toContain(WRITTEN_MATERIAL_HINT);
      }
    }
  });
});

describe('the offline engine’s label on flashcard exports', () => {
  const offlineCards = (engine: string): ExportDocument => {
    const doc = flashcardsDocument();
    return {
      ...doc,
      aiContent: doc.aiContent.map((item) =>
        item.featureType === 'flashcards' ? { ...item, engine } : item,
      ),
    };
  };

  it('describes the Anki deck as extracted passages and tags each card, as Anki reads the package', async () => {
    const apkg = await openAnkiPackage(await renderToBuffer(offlineCards('offline'), 'apkg'));
    const deck = apkg.decks.find((entry) => entry.name !== 'Default');
    // Anki shows the description as HTML: one paragraph each.
    const paragraphs = [...(deck?.desc ?? '').matchAll(/<p>(.*?)<\/p>/g)].map((match) =>
      decodeHTML(match[1] ?? ''),
    );
    expect(paragraphs).toEqual([OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT]);
    expect(apkg.notes.map((note) => note.tags)).toEqual(
      apkg.notes.map(() => ['lectern', 'extracted-passages']),
    );
  });

  it('leaves a model’s deck undescribed and its cards tagged lectern alone', async () => {
    for (const doc of [offlineCards('openai'), flashcardsDocument()]) {
      const apkg = await openAnkiPackage(await renderToBuffer(doc, 'apkg'));
      expect(apkg.decks.map((entry) => entry.desc)).toEqual(['', '']);
      expect(new Set(apkg.notes.map((note) => note.tags.join(' ')))).toEqual(new Set(['lectern']));
    }
  });

  it('tags the CSV’s cards and carries the notice in comment lines Anki’s import skips', async () => {
    const csv = readAnkiCsv(await renderToBuffer(offlineCards('offline'), 'csv'));
    expect(csv.tags).toEqual(['extracted-passages']);
    expect(csv.comments.map((line) => line.trim())).toEqual([OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT]);
    // The headers still tell Anki everything, and every card is still a card.
    expect(csv.separator).toBe(',');
    expect(csv.html).toBe(false);
    expect(csv.notes).toEqual(readAnkiCsv(await renderToBuffer(flashcardsDocument(), 'csv')).notes);
    expect(csv.notes.length).toBe(4);
  });

  it('adds nothing to a model’s CSV', async () => {
    for (const doc of [offlineCards('openai'), flashcardsDocument()]) {
      const csv = readAnkiCsv(await renderToBuffer(doc, 'csv'));
      expect([csv.tags, csv.comments]).toEqual([[], []]);
    }
  });
});
