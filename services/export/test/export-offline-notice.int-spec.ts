import { OFFLINE_MATERIAL_NOTICE, WRITTEN_MATERIAL_HINT } from '@lectern/contracts';
import type { ExportDocument } from '../src/render';
import { multilingualDocument } from './fixtures/multilingual';
import { pdfReadingText } from './helpers/office-readers';
import { readDocxWithPython } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';

// What Lectern's offline engine wrote is labelled in every document export as passages extracted from the
// transcript, with how to get written material; what a model wrote is not. Read back by readers Lectern did
// not write: poppler's pdftotext and python-docx.

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
