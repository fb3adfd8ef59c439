import JSZip from 'jszip';
import { UNCLEAR_LEGEND, type ExportFormat } from '@lectern/contracts';
import type { ExportDocument } from '../src/render';
import { readAnkiCsv } from './helpers/anki-csv';
import { openAnkiPackage } from './helpers/anki-package';
import { allNodes, links, readMarkdown, section, textOf } from './helpers/markdown-reader';
import { pdfReadingText } from './helpers/office-readers';
import { readDocxWithPython } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';
import { flashcardsDocument } from './fixtures/flashcards';

// An uploaded recording has no YouTube video: no format may link its moments or its source to
// `https://www.youtube.com/watch?v=&t=…`, or name YouTube at all. Its moments stay as written, `[m:ss]`, and
// where a video's link would be the export says it was transcribed by speech recognition, with the model.

const MODEL = 'whisper-large-v3';

function recordingDocument(): ExportDocument {
  const doc = flashcardsDocument();
  return {
    ...doc,
    title: 'Seminar on tides',
    channelName: null,
    youtubeId: null,
    transcribedBy: { method: 'speech-recognition', model: MODEL },
    notes: 'Spring tides come back at [0:37] and again (0:50).',
  };
}

/** Every part of a zipped format (DOCX, APKG) as text, so links in relationships and metadata count too. */
async function zippedText(file: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(file);
  const files = Object.values(zip.files).filter((entry) => !entry.dir);
  const parts = await Promise.all(files.map((entry) => entry.async('string')));
  return parts.join('\n');
}

describe('the export of an uploaded recording', () => {
  const formats: ExportFormat[] = ['txt', 'md', 'pdf', 'docx', 'apkg', 'csv'];

  it.each(formats)('%s names no YouTube link', async (format) => {
    const asText = async (doc: ExportDocument): Promise<string> => {
      const file = await renderToBuffer(doc, format);
      if (format === 'docx') return zippedText(file);
      if (format === 'apkg') {
        const deck = await openAnkiPackage(file);
        return JSON.stringify(deck.notes) + JSON.stringify(deck.decks);
      }
      return file.toString('latin1');
    };
    expect((await asText(recordingDocument())).toLowerCase()).not.toContain('youtube');
    // A video's export links it (a CSV carries no link at all).
    if (format !== 'csv')
      expect(await asText(flashcardsDocument())).toContain('youtube.com/watch?v=abc123XYZ_-');
  });

  it('TXT says where the transcript comes from and keeps its moments plain', async () => {
    const text = (await renderToBuffer(recordingDocument(), 'txt')).toString('utf8');
    expect(text).toContain(`Source: Uploaded recording. Transcribed by speech recognition (${MODEL})`);
    expect(text).not.toMatch(/^Video:/mu);
    expect(text).toMatch(/^\[0:00\] /mu);
  });

  it('Markdown has no link in its front matter or body, its moments as `[m:ss]` text', async () => {
    const { tree, frontMatter } = await readMarkdown(await renderToBuffer(recordingDocument(), 'md'));
    expect(frontMatter).not.toHaveProperty('link');
    expect(frontMatter?.source).toBe(
      `Uploaded recording. Transcribed by speech recognition (${MODEL}); it may contain mistakes.`,
    );
    expect(frontMatter?.tags).toEqual(['lectern', 'recording']);
    expect(links(allNodes(tree))).toEqual([]);
    const text = textOf(tree);
    expect(text).toContain('Spring tides come back at [0:37] and again (0:50).');
    expect(text).toContain('[0:00] ');
  });

  it('PDF shows the speech recognition model where a video shows its link', async () => {
    const text = await pdfReadingText(await renderToBuffer(recordingDocument(), 'pdf'));
    expect(text).toContain(`Transcribed by speech recognition (${MODEL})`);
    expect(text).toContain('[0:00]');
  }, 60_000);

  it('DOCX shows the model and its moments without hyperlinks', async () => {
    const xml = await zippedText(await renderToBuffer(recordingDocument(), 'docx'));
    expect(xml).toContain(`Transcribed by speech recognition (${MODEL})`);
    expect(xml).not.toContain('<w:hyperlink');
    expect(xml).toContain('[0:00]');
  });

  it('Anki cards keep their moment as plain `[m:ss]`', async () => {
    const deck = await openAnkiPackage(await renderToBuffer(recordingDocument(), 'apkg'));
    const backs = deck.notes.map((note) => note.fields[1] ?? '');
    expect(backs.some((back) => back.includes('<div class="moment">[0:37]</div>'))).toBe(true);
    expect(backs.join('')).not.toContain('<a ');
    const csv = readAnkiCsv(await renderToBuffer(recordingDocument(), 'csv'));
    expect(JSON.stringify(csv)).toContain('[0:37]');
  });
});

// Speech recognition's low-confidence segments: the transcript on the page marks them "unclear" and keeps their words;
// every format that carries the transcript does the same, with "[unclear]" before the words and a line saying so.
describe('unclear words in the export of a transcribed recording', () => {
  const CLEAR = 'Tides rise twice a day.';
  const UNSURE = 'The moon pulls the water.';
  const LATER = 'Spring tides are the highest.';

  function unclearDocument(): ExportDocument {
    return {
      ...recordingDocument(),
      aiContent: [],
      highlights: [
        // A highlight over the whole unclear segment keeps its colour, the mark outside it.
        {
          startIndex: CLEAR.length + 1,
          endIndex: CLEAR.length + 1 + UNSURE.length,
          color: 'yellow',
          text: UNSURE,
        },
      ],
      segments: [
        { start: 0, text: CLEAR },
        { start: 3, text: UNSURE, unclear: true },
        { start: 6, text: LATER },
      ],
    };
  }
  const marked = `${CLEAR} [unclear] ${UNSURE} ${LATER}`;

  it('TXT leads the unclear words with [unclear], and says what it means', async () => {
    const text = (await renderToBuffer(unclearDocument(), 'txt')).toString('utf8');
    expect(text).toContain(`${UNCLEAR_LEGEND}\n\n[0:00] ${marked}\n`);
    const clear = (
      await renderToBuffer({ ...unclearDocument(), segments: [{ start: 0, text: CLEAR }] }, 'txt')
    ).toString('utf8');
    expect(clear).not.toContain('[unclear]');
  });

  it('Markdown marks them in emphasis, read so by a Markdown parser', async () => {
    const { tree } = await readMarkdown(await renderToBuffer(unclearDocument(), 'md'));
    const transcript = section(tree, 'Transcript');
    expect(transcript.map(textOf)).toEqual([UNCLEAR_LEGEND, `[0:00] ${marked}`]);
    const emphasis = transcript.flatMap(allNodes).filter((node) => node.type === 'emphasis');
    expect(emphasis.map(textOf)).toEqual([UNCLEAR_LEGEND, '[unclear]']);
  });

  it('PDF shows the mark before the words, read so by pdftotext', async () => {
    const text = (await pdfReadingText(await renderToBuffer(unclearDocument(), 'pdf'))).replace(/\s+/g, ' ');
    expect(text).toContain(UNCLEAR_LEGEND);
    expect(text).toContain(marked);
  }, 60_000);

  it('DOCX shows the mark before the words, read so by python-docx', async () => {
    const { paragraphs } = await readDocxWithPython(await renderToBuffer(unclearDocument(), 'docx'));
    const at = paragraphs.indexOf(UNCLEAR_LEGEND);
    expect(at).toBeGreaterThan(paragraphs.indexOf('Transcript'));
    expect(paragraphs[at + 1]).toBe(`[0:00] ${marked}`);
  });
});
