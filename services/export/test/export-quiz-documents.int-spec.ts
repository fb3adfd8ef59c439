import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { multilingualDocument } from './fixtures/multilingual';
import { quizDocument } from './fixtures/quiz';
import { headings, links, readMarkdown, section, textOf } from './helpers/markdown-reader';
import { pdfReadingText } from './helpers/office-readers';
import { readDocxWithPython } from './helpers/python-docx';
import { docxParagraphTexts, docxPart, renderToBuffer } from './helpers/render-to-buffer';

// A video's quiz in the documents is for testing oneself: every question with its lettered options first, then
// the answer key, each answer with why and the moment that teaches it (a link to the video at that second).
// Each format is read back by a reader Lectern did not write.

const WATCH = 'https://www.youtube.com/watch?v=abc123XYZ_-';

const QUESTIONS = [
  [
    '1. What does the sea do twice a day?',
    'A. It rises',
    'B. It freezes',
    'C. It turns salty',
    'D. It stops',
  ],
  [
    '2. In {set} notation, which holds: a = b ~ c # d, or x: y\\z?',
    'A. a = b ~ c # d',
    'B. x: y\\z',
    'C. { } only',
    'D. 3 < 5 & 4 > 2',
  ],
  ['3. Which energy is clean, in Chinese?', 'Short answer'],
];

const KEY = [
  [
    '1. A. It rises',
    'Why: The lecture says the sea rises twice a day [0:22]; it never freezes, turns salty or stops.',
    'Moment: [0:22]',
  ],
  ['2. B. x: y\\z', 'Why: Only x: y\\z holds [1:02:05], because {set} & <tags> say so.', 'Moment: [1:02:05]'],
  ['3. 潮汐能 *tidal* energy', 'Why: Tidal energy, 潮汐能, is clean [0:37].', 'Moment: [0:37]'],
];

/** Lines of text with empty ones dropped and spaces trimmed. */
const nonEmpty = (lines: string[]): string[] =>
  lines.map((line) => line.trim()).filter((line) => line !== '');

interface Shown {
  /** How the reader shows a moment's line. */
  moment?: (line: string, seconds: number) => string;
  /** How the reader shows an explanation. */
  why?: (line: string) => string;
}

/**
 * The questions, each followed by its options, all of them before "Answer key"; then each answer with why and
 * its moment. No answer or explanation before the key.
 */
function expectQuestionsThenKey(read: string[], shown: Shown = {}): void {
  const moment = shown.moment ?? ((line: string) => line);
  const explanation = shown.why ?? ((line: string) => line);
  const key = read.indexOf('Answer key');
  expect(key).toBeGreaterThan(0);
  const before = read.slice(0, key);
  const after = read.slice(key + 1);
  for (const [question, ...options] of QUESTIONS) {
    const at = before.indexOf(question ?? '');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(before.slice(at + 1, at + 1 + options.length)).toEqual(options);
  }
  expect(before.filter((line) => /^(Why|Moment):/u.test(line))).toEqual([]);
  const seconds = [22, 3725, 37];
  KEY.forEach(([answer, why, stamp], index) => {
    const at = after.indexOf(answer ?? '');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(after.slice(at + 1, at + 3)).toEqual([
      explanation(why ?? ''),
      moment(stamp ?? '', seconds[index] ?? 0),
    ]);
  });
}

/** The links a PDF holds, as poppler's pdfinfo lists them. */
async function pdfUrls(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-pdfinfo-'));
  try {
    await writeFile(join(dir, 'export.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdfinfo', ['-url', join(dir, 'export.pdf')]);
    return stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/u).at(-1) ?? '')
      .filter((url) => url !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a quiz in the document exports', () => {
  it('TXT: the questions, then the answer key, each moment with its link written out', async () => {
    const txt = (await renderToBuffer(quizDocument(), 'txt')).toString('utf8');
    expectQuestionsThenKey(nonEmpty(txt.split('\n')), {
      moment: (line, seconds) => `${line} ${WATCH}&t=${seconds}s`,
    });
  });

  it('PDF (read by pdftotext): the questions, then the answer key; each moment links to the video', async () => {
    const pdf = await renderToBuffer(quizDocument(), 'pdf');
    expectQuestionsThenKey(nonEmpty((await pdfReadingText(pdf)).split('\n')));
    expect(await pdfUrls(pdf)).toEqual(
      expect.arrayContaining([`${WATCH}&t=22s`, `${WATCH}&t=3725s`, `${WATCH}&t=37s`]),
    );
  });

  it('DOCX (read by python-docx): the questions, then the answer key; each moment links to the video', async () => {
    const docx = await renderToBuffer(quizDocument(), 'docx');
    // python-docx leaves a hyperlink's text out of its paragraph: the moments are read from the XML below.
    const read = nonEmpty((await readDocxWithPython(docx)).paragraphs);
    expectQuestionsThenKey(read, { moment: (line) => line.replace(/ \[[\d:]+\]$/u, '') });
    const paragraphs = docxParagraphTexts(await docxPart(docx));
    expect(paragraphs).toEqual(expect.arrayContaining(['Moment: [0:22]', 'Moment: [1:02:05]']));
    const relations = await docxPart(docx, 'word/_rels/document.xml.rels');
    expect(relations).toContain(`Target="${WATCH}&amp;t=3725s" TargetMode="External"`);
  });

  it('Markdown (read by remark): the questions, then an "Answer key" heading; each moment a link', async () => {
    const { tree } = await readMarkdown(await renderToBuffer(quizDocument(), 'md'));
    expect(headings(tree)).toEqual(expect.arrayContaining(['3 Quiz', '4 Answer key']));
    const quiz = section(tree, 'Quiz');
    const key = quiz.findIndex((node) => node.type === 'heading' && textOf(node) === 'Answer key');
    const asLines = (nodes: typeof quiz) => nonEmpty(nodes.flatMap((node) => textOf(node).split('\n')));
    // A moment written in an explanation is a link as in any AI text, its brackets the link's.
    expectQuestionsThenKey([...asLines(quiz.slice(0, key)), 'Answer key', ...asLines(quiz.slice(key + 1))], {
      why: (line) => line.replace(/\[([\d:]+)\]/gu, '$1'),
    });
    expect(links(quiz.slice(0, key))).toEqual([]);
    expect(links(quiz.slice(key + 1))).toEqual(
      expect.arrayContaining([
        `[0:22] -> ${WATCH}&t=22s`,
        `[1:02:05] -> ${WATCH}&t=3725s`,
        `[0:37] -> ${WATCH}&t=37s`,
      ]),
    );
  });

  it('links no moment of an uploaded recording, which has no video to open', async () => {
    const recording = quizDocument(undefined, 'openai', { ...multilingualDocument(), youtubeId: null });
    const txt = (await renderToBuffer(recording, 'txt')).toString('utf8');
    expectQuestionsThenKey(nonEmpty(txt.split('\n')));
    expect(await pdfUrls(await renderToBuffer(recording, 'pdf'))).toEqual([]);
  });

  it('shows a quiz the parser finds no question in as the Markdown it is', async () => {
    const txt = (await renderToBuffer(quizDocument('No questions today.'), 'txt')).toString('utf8');
    expect(txt).toContain('Quiz\n~~~~\n\nNo questions today.\n');
    expect(txt).not.toContain('Answer key');
  });
});
