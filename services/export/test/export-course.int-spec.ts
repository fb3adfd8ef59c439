import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { parseQuiz, type CourseExportFormat } from '@lectern/contracts';
import { QUIZ_TEXT } from '@lectern/contracts/testing';
import { renderCourseExport, type CourseExportDocument } from '../src/render';
import { oceansCourse, TRANSCRIPT_LINE } from './fixtures/course';
import { openAnkiPackage } from './helpers/anki-package';
import { allNodes, headings, readMarkdown, section, textOf } from './helpers/markdown-reader';
import { pdfReadingText } from './helpers/office-readers';
import { readPdfStructure } from './helpers/pdf-structure';
import { renderToBuffer } from './helpers/render-to-buffer';

// A course's exports read back by readers Lectern did not write: the Anki package's collection opened with
// sql.js, the study guide's PDF with poppler's pdftotext and qpdf, its DOCX with python-docx, its Markdown
// with remark (CommonMark). The course "Oceans" has lectures 1, 3 and 4 ready (2 is still being imported).

async function courseFile(course: CourseExportDocument, format: CourseExportFormat): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await renderCourseExport(course, format, output);
  return Buffer.concat(chunks);
}

const TIDES = 'Tides 🌊 and the Moon: Приливы, 潮汐, المد';
const QUIZ_QUESTIONS = parseQuiz(QUIZ_TEXT).length;

/** Each paragraph of a DOCX as python-docx reads it: its style's name and its text. */
function docxStyledParagraphs(docx: Buffer): Promise<Array<[style: string, text: string]>> {
  const script = [
    'import io, json, sys, docx',
    'document = docx.Document(io.BytesIO(sys.stdin.buffer.read()))',
    'print(json.dumps([[p.style.name, p.text] for p in document.paragraphs]))',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = execFile(
      '/usr/bin/python3',
      ['-c', script],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python-docx failed (apt-get install -y python3-docx): ${stderr}`));
        else resolve(JSON.parse(stdout) as Array<[string, string]>);
      },
    );
    child.stdin?.end(docx);
  });
}

describe('a course as an Anki package', () => {
  let anki: Awaited<ReturnType<typeof openAnkiPackage>>;

  beforeAll(async () => {
    anki = await openAnkiPackage(await courseFile(oceansCourse(), 'apkg'));
  });

  const deckName = (did: unknown) => anki.decks.find((deck) => deck.id === did)?.name;

  it('has the course as parent deck and a sub-deck per lecture with cards, numbered as in the course', () => {
    expect(anki.decks.map((deck) => deck.name).sort()).toEqual([
      'Default',
      'Oceans',
      `Oceans::01 ${TIDES}`,
      // `::` in a lecture's title nests nothing.
      'Oceans::03 Waves :  Part 1',
    ]);
  });

  it("puts each lecture's flashcards and quiz questions in its own sub-deck, none in the parent", () => {
    const byNote = new Map(anki.cards.map((card) => [card.nid, deckName(card.did)]));
    const decksOf = (tagged: (tags: string[]) => boolean) =>
      anki.notes.filter((note) => tagged(note.tags)).map((note) => byNote.get(note.id));
    expect(decksOf((tags) => !tags.includes('quiz'))).toEqual(Array(4).fill(`Oceans::01 ${TIDES}`));
    expect(decksOf((tags) => tags.includes('quiz'))).toEqual(
      Array(QUIZ_QUESTIONS).fill('Oceans::03 Waves :  Part 1'),
    );
    expect(anki.cards).toHaveLength(4 + QUIZ_QUESTIONS);
  });

  it('introduces the lectures in the course’s order: new-card positions run on across the decks', () => {
    expect(anki.cards.map((card) => card.due)).toEqual(anki.cards.map((_, index) => index + 1));
    const order = anki.cards.map((card) => deckName(card.did));
    expect(order.lastIndexOf(`Oceans::01 ${TIDES}`)).toBeLessThan(
      order.indexOf('Oceans::03 Waves :  Part 1'),
    );
  });

  it("keeps each note's guid from the lecture's own export, so Anki takes them for the same notes", async () => {
    const course = oceansCourse();
    const alone = await Promise.all(
      course.lectures.slice(0, 2).map(async ({ doc }) => openAnkiPackage(await renderToBuffer(doc, 'apkg'))),
    );
    expect(anki.notes.map((note) => note.guid)).toEqual(
      alone.flatMap((video) => video.notes.map((note) => note.guid)),
    );
  });
});

describe('a course as a Markdown study guide', () => {
  let read: Awaited<ReturnType<typeof readMarkdown>>;
  let text: string;

  beforeAll(async () => {
    const file = await courseFile(oceansCourse(), 'md');
    text = file.toString('utf8');
    read = await readMarkdown(file);
  });

  it('has one front matter, the course’s', () => {
    expect(read.frontMatter).toEqual({
      title: 'Oceans',
      date: '2026-03-04',
      lectures: 3,
      tags: ['lectern', 'course'],
    });
    expect(allNodes(read.tree).filter((node) => node.type === 'yaml')).toHaveLength(1);
  });

  it('heads the course, then each lecture in order, its sections one level lower than a video’s', () => {
    const all = headings(read.tree);
    expect(all[0]).toBe('1 Oceans');
    expect(all.filter((heading) => heading.startsWith('2 '))).toEqual([
      `2 01. ${TIDES}`,
      '2 03. Waves :: Part 1',
      '2 04. Currents',
    ]);
    const tides = all.slice(all.indexOf(`2 01. ${TIDES}`) + 1, all.indexOf('2 03. Waves :: Part 1'));
    expect(tides).toEqual([
      '3 Highlights',
      '3 Notes',
      '3 AI Study Material',
      '4 Summary (Short)',
      '4 Key Insights',
      '5 Main ideas',
      '4 Flashcards',
    ]);
    const waves = all.slice(all.indexOf('2 03. Waves :: Part 1') + 1, all.indexOf('2 04. Currents'));
    expect(waves).toEqual(expect.arrayContaining(['4 Quiz', '5 Answer key']));
  });

  it('says so under a lecture with nothing yet, and carries no transcript', () => {
    expect(section(read.tree, '04. Currents').map(textOf)).toEqual(['No study material yet.']);
    expect(text).not.toContain(TRANSCRIPT_LINE);
    expect(headings(read.tree).some((heading) => heading.endsWith('Transcript'))).toBe(false);
  });
});

describe('a course as a PDF study guide', () => {
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await courseFile(oceansCourse(), 'pdf');
  });

  it('reads the course title, then the lectures in order with their study material and answer key', async () => {
    const text = await pdfReadingText(pdf);
    const at = [
      'Oceans',
      '01. Tides',
      'Highlights',
      'Flashcards',
      '03. Waves :: Part 1',
      'Answer key',
      '04. Currents',
    ].map((part) => text.indexOf(part));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain('No study material yet.');
    expect(text).not.toContain(TRANSCRIPT_LINE);
  });

  it('tags the course title H1 and each lecture H2', async () => {
    const structure = await readPdfStructure(pdf);
    expect(structure.elements.filter((element) => element.type === 'H1')).toHaveLength(1);
    expect(structure.elements.filter((element) => element.type === 'H2')).toHaveLength(3);
    expect(structure.info.Title).toBe('Oceans');
  });
});

describe('a course as a DOCX study guide', () => {
  it('has the course as title and each lecture as a Heading 1 over its sections', async () => {
    const paragraphs = await docxStyledParagraphs(await courseFile(oceansCourse(), 'docx'));
    expect(paragraphs[0]).toEqual(['Title', 'Oceans']);
    expect(paragraphs.filter(([style]) => style === 'Heading 1').map(([, text]) => text)).toEqual([
      `01. ${TIDES}`,
      '03. Waves :: Part 1',
      '04. Currents',
    ]);
    const first = paragraphs.findIndex(([, text]) => text === `01. ${TIDES}`);
    const second = paragraphs.findIndex(([, text]) => text === '03. Waves :: Part 1');
    expect(
      paragraphs
        .slice(first, second)
        .filter(([style]) => style === 'Heading 2')
        .map(([, text]) => text),
    ).toEqual(['Highlights', 'Notes', 'AI Study Material']);
    const texts = paragraphs.map(([, text]) => text);
    expect(texts.indexOf('Answer key')).toBeGreaterThan(second);
    expect(texts.at(-1)).toBe('No study material yet.');
    expect(texts.join('\n')).not.toContain(TRANSCRIPT_LINE);
  });
});
