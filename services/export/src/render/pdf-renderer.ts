import { finished } from 'node:stream/promises';
import { formatTimestamp, UNCLEAR_LEGEND, UNCLEAR_MARK } from '@lectern/contracts';
import PDFDocument from 'pdfkit';
import { hasStudyMaterial, type CourseExportModel } from './course-document';
import type { ExportDocument } from './export-document';
import {
  DOCUMENT_AUTHOR,
  documentSubject,
  COURSE_SUBJECT,
  HIGHLIGHT_LABELS,
  momentUrl,
  NO_STUDY_MATERIAL,
  transcriptRuns,
  SECTION,
  type ExportModel,
} from './export-model';
import type { InlineSpan, MarkdownBlock } from './markdown';
import { COLORS, PdfLayout, type Piece, type StructureTag } from './pdf-layout';
import { isRtlParagraph } from './scripts';

// The type scale, in points.
const SIZE = { title: 24, h1: 17, h2: 13.5, h3: 11.5, body: 10.5, meta: 10, timestamp: 9 } as const;

function spansToPieces(spans: InlineSpan[]): Piece[] {
  return spans.map((span) => ({
    text: span.text.replace(/\s+/g, ' '),
    weight: span.bold ? 'bold' : 'regular',
    ...(span.link === undefined ? {} : { link: span.link, color: COLORS.accent }),
  }));
}

function plainText(spans: InlineSpan[]): string {
  return spans.map((span) => span.text).join('');
}

/** The PDF's document information: what it is, in which language. */
interface PdfInfo {
  title: string;
  language: string | null;
  subject: string;
}

/** Opens the tagged PDF, lets `write` lay its blocks out, and resolves once the file is written. */
async function writePdf(
  info: PdfInfo,
  output: NodeJS.WritableStream,
  write: (layout: PdfLayout, doc: PDFKit.PDFDocument) => Promise<void> | void,
): Promise<void> {
  // Tagged, in the transcript's language: screen readers read the blocks in order with the right voice,
  // and readers can reflow it. The author is Lectern, as in the DOCX; the channel is in the subject.
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    pdfVersion: '1.7',
    displayTitle: true,
    tagged: true,
    ...(info.language ? { lang: info.language } : {}),
    info: {
      Title: info.title,
      Author: DOCUMENT_AUTHOR,
      Subject: info.subject,
      Creator: 'Lectern',
      Producer: 'Lectern',
    },
  });
  const done = finished(output);
  doc.pipe(output as NodeJS.WritableStream & import('node:stream').Writable);
  try {
    const layout = new PdfLayout(doc, `Lectern · ${info.title}`, isRtlParagraph(info.title));
    layout.newPage();
    await write(layout, doc);
    layout.finish();
  } finally {
    doc.end();
  }
  await done;
}

/** Where a lecture's study material sits: its sections' headings, its AI items' and their own headings. */
interface MaterialLevels {
  /** The outline (bookmarks) entry the sections are listed under. */
  outline: PDFKit.PDFOutline;
  section: { size: number; tag: StructureTag };
  item: { size: number; tag: StructureTag };
  markdown: StructureTag;
}

export async function renderPdf(
  model: ExportModel,
  source: ExportDocument,
  output: NodeJS.WritableStream,
): Promise<void> {
  const info = { title: model.title, language: model.language, subject: documentSubject(model) };
  await writePdf(info, output, async (layout, doc) => {
    writeCover(layout, model);
    await writeTranscript(layout, model, source, doc);
    writeStudyMaterial(layout, model, {
      outline: doc.outline,
      section: { size: SIZE.h1, tag: 'H2' },
      item: { size: SIZE.h2, tag: 'H3' },
      markdown: 'H4',
    });
  });
}

/**
 * A course's study guide: the course's title (`H1`), then each lecture in order under `NN. Lecture title` (`H2`,
 * a bookmark of its own) with its highlights, notes and AI study material one level lower than in a video's
 * file, without the transcripts.
 */
export async function renderCoursePdf(
  course: CourseExportModel,
  output: NodeJS.WritableStream,
): Promise<void> {
  const info = { title: course.title, language: course.language, subject: COURSE_SUBJECT };
  await writePdf(info, output, (layout, doc) => {
    layout.block([{ text: course.title, weight: 'bold' }], {
      size: SIZE.title,
      leading: 1.25,
      rtl: isRtlParagraph(course.title),
      spaceAfter: 10,
      tag: 'H1',
    });
    layout.block(
      [{ text: 'Lectures: ', weight: 'bold', color: COLORS.muted }, { text: String(course.lectures.length) }],
      { size: SIZE.meta, leading: 1.55 },
    );
    layout.block([{ text: 'Exported: ', weight: 'bold', color: COLORS.muted }, { text: course.exportedAt }], {
      size: SIZE.meta,
      leading: 1.55,
    });
    layout.space(6);
    layout.rule();
    for (const lecture of course.lectures) {
      heading(layout, lecture.heading, SIZE.h1, 14, 'H2');
      const outline = doc.outline.addItem(lecture.heading);
      if (!hasStudyMaterial(lecture.model)) {
        layout.block([{ text: NO_STUDY_MATERIAL, color: COLORS.muted }], { size: SIZE.body });
        continue;
      }
      writeStudyMaterial(layout, lecture.model, {
        outline,
        section: { size: SIZE.h2, tag: 'H3' },
        item: { size: SIZE.h3, tag: 'H4' },
        markdown: 'H5',
      });
    }
  });
}

function writeStudyMaterial(layout: PdfLayout, model: ExportModel, levels: MaterialLevels): void {
  writeHighlights(layout, model, levels);
  writeNotes(layout, model, levels);
  writeAiContent(layout, model, levels);
}

/** A heading of Lectern's own (a section, an AI item's name): English, whatever the transcript's language. */
function heading(
  layout: PdfLayout,
  text: string,
  size: number,
  spaceBefore: number,
  tag: StructureTag,
): void {
  layout.block([{ text, weight: 'bold' }], {
    size,
    leading: 1.3,
    spaceBefore,
    spaceAfter: size * 0.45,
    rtl: isRtlParagraph(text),
    keepWithNext: 4,
    tag,
    lang: 'en',
  });
}

function writeCover(layout: PdfLayout, model: ExportModel): void {
  layout.block([{ text: model.title, weight: 'bold' }], {
    size: SIZE.title,
    leading: 1.25,
    rtl: isRtlParagraph(model.title),
    spaceAfter: 10,
    tag: 'H1',
  });
  const meta = (label: string, value: Piece): void =>
    layout.block([{ text: `${label}: `, weight: 'bold', color: COLORS.muted }, value], {
      size: SIZE.meta,
      leading: 1.55,
    });
  if (model.videoUrl === null) meta('Source', { text: model.source });
  else {
    meta('Channel', { text: model.channel });
    meta('Video', { text: model.videoUrl, color: COLORS.accent, link: model.videoUrl });
  }
  meta('Duration', { text: model.duration });
  meta('Exported', { text: model.exportedAt });
  layout.space(6);
  layout.rule();
}

async function writeTranscript(
  layout: PdfLayout,
  model: ExportModel,
  source: ExportDocument,
  doc: PDFKit.PDFDocument,
): Promise<void> {
  heading(layout, SECTION.transcript, SIZE.h1, 8, 'H2');
  doc.outline.addItem(SECTION.transcript);
  if (model.paragraphs.length === 0) {
    layout.block([{ text: 'No transcript.', color: COLORS.muted }], { size: SIZE.body });
    return;
  }
  if (model.hasUnclear)
    layout.block([{ text: UNCLEAR_LEGEND, color: COLORS.muted }], {
      size: SIZE.body,
      spaceAfter: 6,
    });
  let count = 0;
  for (const paragraph of model.paragraphs) {
    const pieces: Piece[] = transcriptRuns(paragraph, model.colored).map((run) =>
      'unclear' in run
        ? { text: `${UNCLEAR_MARK} `, color: COLORS.muted }
        : { text: run.text, highlight: run.color },
    );
    const stamp = `[${formatTimestamp(paragraph.start)}]`;
    layout.block(pieces, {
      size: SIZE.body,
      leading: 1.55,
      rtl: paragraph.rtl,
      spaceAfter: 6,
      lead: {
        text: stamp,
        weight: 'bold',
        color: COLORS.accent,
        link: momentUrl(source.youtubeId, paragraph.start) ?? undefined,
      },
      leadWidth: layout.measureLabel({ text: `${stamp} `, weight: 'bold' }, SIZE.body),
    });
    // Let the output stream drain now and then on very long transcripts.
    if (++count % 200 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function writeHighlights(layout: PdfLayout, model: ExportModel, levels: MaterialLevels): void {
  if (model.highlights.length === 0) return;
  heading(layout, SECTION.highlights, levels.section.size, 14, levels.section.tag);
  levels.outline.addItem(SECTION.highlights);
  for (const highlight of model.highlights) {
    layout.block(
      [
        { text: `${HIGHLIGHT_LABELS[highlight.color]}: `, weight: 'bold', color: COLORS.muted },
        { text: highlight.text, highlight: highlight.color },
      ],
      {
        size: SIZE.body,
        leading: 1.55,
        spaceAfter: 4,
        lead: { text: `[${formatTimestamp(highlight.start)}]`, weight: 'bold', color: COLORS.accent },
        leadWidth: layout.measureLabel(
          { text: `[${formatTimestamp(highlight.start)}] `, weight: 'bold' },
          SIZE.body,
        ),
      },
    );
  }
}

function writeNotes(layout: PdfLayout, model: ExportModel, levels: MaterialLevels): void {
  if (model.notes === '') return;
  heading(layout, SECTION.notes, levels.section.size, 14, levels.section.tag);
  levels.outline.addItem(SECTION.notes);
  for (const line of model.notes.split('\n')) {
    if (line.trim() === '') {
      layout.space(SIZE.body * 0.8);
      continue;
    }
    layout.block([{ text: line }], {
      size: SIZE.body,
      leading: 1.55,
      rtl: isRtlParagraph(line),
      spaceAfter: 2,
    });
  }
}

function writeAiContent(layout: PdfLayout, model: ExportModel, levels: MaterialLevels): void {
  if (model.aiSections.length === 0) return;
  heading(layout, SECTION.ai, levels.section.size, 14, levels.section.tag);
  const aiOutline = levels.outline.addItem(SECTION.ai);
  for (const section of model.aiSections) {
    aiOutline.addItem(section.heading);
    heading(layout, section.heading, levels.item.size, 8, levels.item.tag);
    writeMarkdown(layout, section.blocks, levels.markdown);
  }
}

function writeMarkdown(layout: PdfLayout, blocks: MarkdownBlock[], headingTag: StructureTag): void {
  for (const block of blocks) {
    if (block.kind === 'lines') {
      block.lines.forEach((line, index) => {
        const last = index === block.lines.length - 1;
        layout.block(spansToPieces(line), {
          size: SIZE.body,
          leading: 1.5,
          rtl: isRtlParagraph(plainText(line)),
          spaceAfter: last ? 6 : 0,
          keepWithNext: last ? 1 : 2,
        });
      });
      continue;
    }
    const rtl = isRtlParagraph(plainText(block.spans));
    switch (block.kind) {
      case 'heading':
        layout.block(
          spansToPieces(block.spans).map((piece) => ({ ...piece, weight: 'bold' as const })),
          {
            size: block.level <= 2 ? SIZE.h3 + 0.5 : SIZE.h3,
            leading: 1.35,
            rtl,
            spaceBefore: 6,
            spaceAfter: 3,
            keepWithNext: 3,
            tag: headingTag,
          },
        );
        break;
      case 'paragraph':
        layout.block(spansToPieces(block.spans), { size: SIZE.body, leading: 1.55, rtl, spaceAfter: 6 });
        break;
      case 'bullet':
      case 'numbered': {
        const marker = block.kind === 'bullet' ? '•' : `${block.number}.`;
        layout.block(spansToPieces(block.spans), {
          size: SIZE.body,
          leading: 1.5,
          rtl,
          indent: 6 + block.depth * 16,
          spaceAfter: 2.5,
          lead: { text: marker, color: COLORS.muted },
          leadWidth: block.kind === 'bullet' ? 12 : 18,
        });
        break;
      }
    }
  }
}
