import { formatTimestamp, UNCLEAR_LEGEND, UNCLEAR_MARK, type HighlightColor } from '@lectern/contracts';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  LevelFormat,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import { hasStudyMaterial, type CourseExportModel } from './course-document';
import type { ExportDocument } from './export-document';
import { languageSlot } from './document-language';
import {
  COURSE_SUBJECT,
  DOCUMENT_AUTHOR,
  documentSubject,
  HIGHLIGHT_LABELS,
  momentUrl,
  NO_STUDY_MATERIAL,
  transcriptRuns,
  SECTION,
  type ExportModel,
} from './export-model';
import { fontFamilyName, type FontFace } from './fonts';
import type { InlineSpan, MarkdownBlock } from './markdown';
import { isRtlParagraph, splitByScript } from './scripts';
import { ChunkWriter } from './stream-writer';

// Word documents name their fonts rather than embed them (the CJK faces alone are tens of megabytes), so
// each run carries the Noto family for its script in the right w:rFonts slot: ascii/hAnsi for Latin,
// Cyrillic and Greek, eastAsia for Chinese, Japanese and Korean, cs for Arabic and Hebrew, which are also
// marked right to left. Word falls back to a system font with the same coverage when Noto is missing.

const HIGHLIGHT_FILL: Record<HighlightColor, string> = { yellow: 'FFF59D', blue: 'BBDEFB', green: 'C8E6C9' };
const ACCENT = '1D4ED8';
const MUTED = '5B6470';
const LATIN = fontFamilyName('latin');
// Word has no Noto Emoji on most machines; the system emoji faces draw these in colour.
const EMOJI_FONT = 'Segoe UI Emoji';
const NUMBERING = 'lectern-numbered';

interface RunStyle {
  bold?: boolean;
  color?: string;
  highlight?: HighlightColor | null;
  size?: number;
}

function fontsFor(face: FontFace): IRunOptions['font'] {
  switch (face) {
    case 'latin':
      return { ascii: LATIN, hAnsi: LATIN, eastAsia: LATIN, cs: LATIN };
    case 'arabic':
    case 'hebrew':
      return { ascii: LATIN, hAnsi: LATIN, cs: fontFamilyName(face) };
    case 'sc':
    case 'jp':
    case 'kr':
      return { ascii: LATIN, hAnsi: LATIN, eastAsia: fontFamilyName(face) };
    case 'emoji':
      return { ascii: EMOJI_FONT, hAnsi: EMOJI_FONT, eastAsia: EMOJI_FONT, cs: EMOJI_FONT };
  }
}

const EAST_ASIAN_LANGUAGE: Partial<Record<FontFace, string>> = { sc: 'zh-CN', jp: 'ja-JP', kr: 'ko-KR' };

/** Runs of text split by script, each with its font hints and, for Arabic and Hebrew, the RTL mark. */
function scriptRuns(text: string, style: RunStyle): TextRun[] {
  return splitByScript(text).map((run) => {
    const rtl = run.face === 'arabic' || run.face === 'hebrew';
    const eastAsia = EAST_ASIAN_LANGUAGE[run.face];
    return new TextRun({
      text: text.slice(run.start, run.end),
      font: fontsFor(run.face),
      bold: style.bold,
      boldComplexScript: style.bold,
      color: style.color,
      size: style.size,
      sizeComplexScript: style.size,
      rightToLeft: rtl || undefined,
      language: eastAsia ? { eastAsia } : undefined,
      shading: style.highlight
        ? { type: ShadingType.CLEAR, color: 'auto', fill: HIGHLIGHT_FILL[style.highlight] }
        : undefined,
    });
  });
}

function spanRuns(spans: InlineSpan[]): ParagraphChild[] {
  return spans.flatMap((span): ParagraphChild[] => {
    const text = span.text.replace(/\s+/g, ' ');
    if (span.link === undefined) return scriptRuns(text, { bold: span.bold });
    return [
      new ExternalHyperlink({
        link: span.link,
        children: [new TextRun({ text, bold: span.bold, style: 'Hyperlink' })],
      }),
    ];
  });
}

function headingParagraph(
  text: string,
  heading: (typeof HeadingLevel)[keyof typeof HeadingLevel],
): Paragraph {
  return new Paragraph({
    heading,
    bidirectional: isRtlParagraph(text) || undefined,
    children: scriptRuns(text, {}),
  });
}

type HeadingStyle = (typeof HeadingLevel)[keyof typeof HeadingLevel];

/** Word's heading styles by depth below the title: a video's sections are at 1, a course's lectures. */
const HEADINGS: HeadingStyle[] = [
  HeadingLevel.TITLE,
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];

const headingAt = (depth: number): HeadingStyle => HEADINGS[Math.min(depth, HEADINGS.length - 1)]!;

function coverParagraphs(model: ExportModel): Paragraph[] {
  const meta = (label: string, value: ParagraphChild[]): Paragraph =>
    new Paragraph({
      spacing: { after: 60 },
      children: [new TextRun({ text: `${label}: `, bold: true, color: MUTED }), ...value],
    });
  return [
    headingParagraph(model.title, HeadingLevel.TITLE),
    ...(model.videoUrl === null
      ? [meta('Source', scriptRuns(model.source, {}))]
      : [
          meta('Channel', scriptRuns(model.channel, {})),
          meta('Video', [
            new ExternalHyperlink({
              link: model.videoUrl,
              children: [new TextRun({ text: model.videoUrl, style: 'Hyperlink' })],
            }),
          ]),
        ]),
    meta('Duration', [new TextRun(model.duration)]),
    meta('Exported', [new TextRun(model.exportedAt)]),
  ];
}

function transcriptParagraphs(model: ExportModel, source: ExportDocument): Paragraph[] {
  const out = [headingParagraph(SECTION.transcript, HeadingLevel.HEADING_1)];
  if (model.paragraphs.length === 0)
    out.push(new Paragraph({ children: scriptRuns('No transcript.', { color: MUTED }) }));
  if (model.hasUnclear)
    out.push(
      new Paragraph({
        spacing: { after: 140 },
        children: [new TextRun({ text: UNCLEAR_LEGEND, italics: true, color: MUTED })],
      }),
    );
  for (const paragraph of model.paragraphs) {
    const stamp = `[${formatTimestamp(paragraph.start)}]`;
    const stampRun = new TextRun({ text: stamp, bold: true, color: ACCENT, size: 18 });
    const link = momentUrl(source.youtubeId, paragraph.start);
    const children: ParagraphChild[] = [
      link === null ? stampRun : new ExternalHyperlink({ link, children: [stampRun] }),
      new TextRun(' '),
    ];
    for (const run of transcriptRuns(paragraph, model.colored))
      children.push(
        ...('unclear' in run
          ? [new TextRun({ text: `${UNCLEAR_MARK} `, italics: true, color: MUTED })]
          : scriptRuns(run.text, { highlight: run.color })),
      );
    out.push(new Paragraph({ bidirectional: paragraph.rtl || undefined, spacing: { after: 140 }, children }));
  }
  return out;
}

function highlightParagraphs(model: ExportModel, depth: number): Paragraph[] {
  if (model.highlights.length === 0) return [];
  return [
    headingParagraph(SECTION.highlights, headingAt(depth)),
    ...model.highlights.map(
      (highlight) =>
        new Paragraph({
          spacing: { after: 80 },
          children: [
            new TextRun({
              text: `[${formatTimestamp(highlight.start)}] `,
              bold: true,
              color: ACCENT,
              size: 18,
            }),
            new TextRun({ text: `${HIGHLIGHT_LABELS[highlight.color]}: `, bold: true, color: MUTED }),
            ...scriptRuns(highlight.text, { highlight: highlight.color }),
          ],
        }),
    ),
  ];
}

function notesParagraphs(model: ExportModel, depth: number): Paragraph[] {
  if (model.notes === '') return [];
  return [
    headingParagraph(SECTION.notes, headingAt(depth)),
    ...model.notes
      .split('\n')
      .map(
        (line) =>
          new Paragraph({ bidirectional: isRtlParagraph(line) || undefined, children: scriptRuns(line, {}) }),
      ),
  ];
}

function markdownParagraphs(
  blocks: MarkdownBlock[],
  nextList: () => number,
  headingStyle: HeadingStyle,
): Paragraph[] {
  const out: Paragraph[] = [];
  let listInstance = 0;
  let previous: MarkdownBlock['kind'] | null = null;
  for (const block of blocks) {
    if (block.kind === 'lines') {
      // One paragraph a line; all but the last kept with the next, so a card is not split by a page.
      block.lines.forEach((line, index) => {
        const last = index === block.lines.length - 1;
        out.push(
          new Paragraph({
            bidirectional: isRtlParagraph(line.map((span) => span.text).join('')) || undefined,
            keepNext: !last || undefined,
            spacing: { after: last ? 120 : 0 },
            children: spanRuns(line),
          }),
        );
      });
      previous = block.kind;
      listInstance = 0;
      continue;
    }
    const bidirectional = isRtlParagraph(block.spans.map((span) => span.text).join('')) || undefined;
    switch (block.kind) {
      case 'heading':
        out.push(new Paragraph({ heading: headingStyle, bidirectional, children: spanRuns(block.spans) }));
        break;
      case 'paragraph':
        out.push(new Paragraph({ bidirectional, spacing: { after: 120 }, children: spanRuns(block.spans) }));
        break;
      case 'bullet':
        out.push(
          new Paragraph({ bullet: { level: block.depth }, bidirectional, children: spanRuns(block.spans) }),
        );
        break;
      case 'numbered':
        if (previous !== 'numbered' || listInstance === 0) listInstance = nextList();
        out.push(
          new Paragraph({
            numbering: { reference: NUMBERING, level: block.depth, instance: listInstance },
            bidirectional,
            children: spanRuns(block.spans),
          }),
        );
        break;
    }
    if (block.kind !== 'numbered' && block.kind !== 'bullet') listInstance = 0;
    previous = block.kind;
  }
  return out;
}

function aiParagraphs(model: ExportModel, depth: number, nextList: () => number): Paragraph[] {
  if (model.aiSections.length === 0) return [];
  return [
    headingParagraph(SECTION.ai, headingAt(depth)),
    ...model.aiSections.flatMap((section) => [
      headingParagraph(section.heading, headingAt(depth + 1)),
      ...markdownParagraphs(section.blocks, nextList, headingAt(depth + 2)),
    ]),
  ];
}

/** A lecture's highlights, notes and AI study material, their section headings at `depth`. */
function studyMaterialParagraphs(model: ExportModel, depth: number, nextList: () => number): Paragraph[] {
  return [
    ...highlightParagraphs(model, depth),
    ...notesParagraphs(model, depth),
    ...aiParagraphs(model, depth, nextList),
  ];
}

/** Numbers each numbered list of the document from 1: every list gets an instance of its own. */
function listCounter(): () => number {
  let instance = 0;
  return () => ++instance;
}

function footer(title: string): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({ text: `Lectern · ${title} · Page `, color: MUTED, size: 16, font: LATIN }),
          new TextRun({ children: [PageNumber.CURRENT], color: MUTED, size: 16 }),
          new TextRun({ text: ' of ', color: MUTED, size: 16 }),
          new TextRun({ children: [PageNumber.TOTAL_PAGES], color: MUTED, size: 16 }),
        ],
      }),
    ],
  });
}

/**
 * The document's language in the w:lang slot Word reads for its script: w:bidi for a right-to-left
 * language (with w:bidi paragraphs and w:rtl runs for its text), w:eastAsia for Chinese, Japanese and
 * Korean, w:val for the others. Unknown: none, Word keeps its own.
 */
function documentLanguageMark(language: string | null): IRunOptions['language'] {
  if (!language) return undefined;
  switch (languageSlot(language)) {
    case 'bidi':
      return { bidirectional: language };
    case 'eastAsia':
      return { eastAsia: language };
    case 'latin':
      return { value: language };
  }
}

/** What a document is: its title (also its footer's), description, language and which heading depths are Lectern's labels. */
interface WordDocumentInfo {
  title: string;
  description: string;
  language: string | null;
  /** Heading depths (1 to 4) that hold Lectern's own English labels, whatever the transcript's language. */
  englishHeadings: number[];
}

function buildWordDocument(info: WordDocumentInfo, children: Paragraph[]): Document {
  const headingRun = (
    size: number,
    color = '1F2328',
  ): { size: number; bold: true; color: string; font: string } => ({
    size,
    bold: true,
    color,
    font: LATIN,
  });
  const english = (depth: number) =>
    info.englishHeadings.includes(depth) ? { language: { value: 'en' } } : {};
  return new Document({
    creator: DOCUMENT_AUTHOR,
    lastModifiedBy: DOCUMENT_AUTHOR,
    title: info.title,
    description: info.description,
    styles: {
      default: {
        // 1.25 lines, proportional to each line's font. Without lineRule LibreOffice reads 300 twips as an
        // exact 15 pt: a title in 24 pt that wraps would be drawn with its lines on top of each other.
        document: {
          run: { font: LATIN, size: 21, language: documentLanguageMark(info.language) },
          paragraph: { spacing: { line: 300, lineRule: LineRuleType.AUTO } },
        },
        title: { run: headingRun(48), paragraph: { spacing: { after: 240 } } },
        heading1: {
          run: { ...headingRun(34), ...english(1) },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true },
        },
        heading2: {
          run: { ...headingRun(27), ...english(2) },
          paragraph: { spacing: { before: 280, after: 120 }, keepNext: true },
        },
        heading3: {
          run: { ...headingRun(23, '3A4048'), ...english(3) },
          paragraph: { spacing: { before: 200, after: 80 }, keepNext: true },
        },
        heading4: {
          run: { ...headingRun(22, '3A4048'), ...english(4) },
          paragraph: { spacing: { before: 160, after: 60 }, keepNext: true },
        },
      },
    },
    numbering: {
      config: [
        {
          reference: NUMBERING,
          levels: [0, 1, 2, 3].map((level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 + level * 360, hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ footers: { default: footer(info.title) }, children }],
  });
}

function buildDocx(model: ExportModel, source: ExportDocument): Document {
  // Section and AI item headings are Lectern's own English labels, whatever the transcript's language.
  const info = {
    title: model.title,
    description: documentSubject(model),
    language: model.language,
    englishHeadings: [1, 2],
  };
  return buildWordDocument(info, [
    ...coverParagraphs(model),
    ...transcriptParagraphs(model, source),
    ...studyMaterialParagraphs(model, 1, listCounter()),
  ]);
}

/**
 * A course's study guide: the course's title, then each lecture in order as a Heading 1 `NN. Lecture title`
 * over its highlights, notes and AI study material one level lower than in a video's file (no transcripts).
 */
function buildCourseDocx(course: CourseExportModel): Document {
  const nextList = listCounter();
  const meta = (label: string, value: string): Paragraph =>
    new Paragraph({
      spacing: { after: 60 },
      children: [new TextRun({ text: `${label}: `, bold: true, color: MUTED }), new TextRun(value)],
    });
  const info = {
    title: course.title,
    description: COURSE_SUBJECT,
    language: course.language,
    englishHeadings: [2, 3],
  };
  return buildWordDocument(info, [
    headingParagraph(course.title, HeadingLevel.TITLE),
    meta('Lectures', String(course.lectures.length)),
    meta('Exported', course.exportedAt),
    ...course.lectures.flatMap((lecture) => [
      headingParagraph(lecture.heading, HeadingLevel.HEADING_1),
      ...(hasStudyMaterial(lecture.model)
        ? studyMaterialParagraphs(lecture.model, 2, nextList)
        : [new Paragraph({ children: scriptRuns(NO_STUDY_MATERIAL, { color: MUTED }) })]),
    ]),
  ]);
}

async function writeDocx(document: Document, output: NodeJS.WritableStream): Promise<void> {
  // docx assembles the package in memory: a few megabytes even for a ten-hour transcript (see bench/export-bench.ts).
  const buffer = await Packer.toBuffer(document);
  const out = new ChunkWriter(output);
  for (let offset = 0; offset < buffer.length; offset += 256 * 1024) {
    await out.writeBytes(buffer.subarray(offset, offset + 256 * 1024));
  }
  await out.end();
}

export function renderDocx(
  model: ExportModel,
  source: ExportDocument,
  output: NodeJS.WritableStream,
): Promise<void> {
  return writeDocx(buildDocx(model, source), output);
}

export function renderCourseDocx(course: CourseExportModel, output: NodeJS.WritableStream): Promise<void> {
  return writeDocx(buildCourseDocx(course), output);
}
