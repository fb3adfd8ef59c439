import { formatTimestamp, UNCLEAR_LEGEND, UNCLEAR_MARK } from '@lectern/contracts';
import { Document, Scalar } from 'yaml';
import type { CourseExportModel } from './course-document';
import type { ExportDocument } from './export-document';
import {
  HIGHLIGHT_LABELS,
  markedParagraphText,
  NO_STUDY_MATERIAL,
  sanitizeLine,
  SECTION,
  type ExportModel,
} from './export-model';
import type { InlineSpan, MarkdownBlock } from './markdown';
import {
  escapeInline,
  escapeLineStart,
  inlineWithMoments,
  momentLink,
  multilineWithMoments,
} from './markdown-text';
import { ChunkWriter } from './stream-writer';

// Markdown for note apps (Obsidian, Logseq, any CommonMark reader), UTF-8 with LF line ends:
//
//   ---                          YAML front matter, written by the `yaml` library: title, channel, link,
//   title: "…"                   date (of the export, YYYY-MM-DD), duration (quoted: `12:34` is a number
//   …                            to YAML 1.1 readers), tags (a list, as Obsidian's properties expect)
//   ---
//
//   # Title
//   ## Chapters                  `- [m:ss](watch link) Chapter title`, when the transcript has chapters
//   ## Highlights                `- [m:ss](watch link) Yellow: text`
//   ## Notes                     as typed, each `[m:ss]` a link
//   ## AI Study Material         `### Summary (Short)`, the item's own headings one level below
//   ## Transcript                `[m:ss](watch link) paragraph text`, unclear words led by `*[unclear]*`
//
// Every moment links to the video at that second (`https://www.youtube.com/watch?v=ID&t=754s`). An uploaded
// recording has no video: its front matter has no link but a `source` saying how it was transcribed, and its
// moments stay plain `[m:ss]`. All text is escaped (see markdown-text.ts); the document has no HTML.

const VIDEO_TAGS = ['lectern', 'youtube'];
const RECORDING_TAGS = ['lectern', 'recording'];

/** A channel as a tag Obsidian accepts (letters, digits, `_`, `-`, `/`; not digits alone), or null. */
function channelTag(channel: string): string | null {
  const slug = channel
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return /\p{L}/u.test(slug) ? `channel/${slug}` : null;
}

export function frontMatter(model: ExportModel, doc: ExportDocument): string {
  const fields: Record<string, unknown> = {
    title: model.title,
    ...(model.videoUrl === null
      ? { source: model.source }
      : { channel: model.channel, link: model.videoUrl }),
    date: doc.exportedAt.toISOString().slice(0, 10),
  };
  if (doc.duration !== null && doc.duration !== undefined && Number.isFinite(doc.duration))
    fields.duration = model.duration;
  const tags = model.videoUrl === null ? RECORDING_TAGS : VIDEO_TAGS;
  const channel = doc.channelName && model.videoUrl !== null ? channelTag(model.channel) : null;
  fields.tags = channel ? [...tags, channel] : tags;
  return yamlFrontMatter(fields);
}

/** The front matter of these fields; `date` (YYYY-MM-DD) is written plain, every other text quoted. */
function yamlFrontMatter(fields: Record<string, unknown>): string {
  const yaml = new Document(fields);
  // Text values are quoted so no reader takes them for a number, a date or a boolean; the date stays plain
  // so Obsidian shows it as a date.
  const date = yaml.get('date', true);
  if (date instanceof Scalar) date.type = Scalar.PLAIN;
  return `---\n${yaml.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 })}---\n\n`;
}

function spanText(span: InlineSpan, youtubeId: string | null): string {
  const text = span.text.replace(/\s+/g, ' ');
  const core = text.trim();
  if (core === '') return text;
  const marker = span.bold && span.italic ? '***' : span.bold ? '**' : span.italic ? '*' : '';
  const lead = text.startsWith(' ') ? ' ' : '';
  const trail = text.endsWith(' ') ? ' ' : '';
  const body =
    span.link === undefined ? inlineWithMoments(core, youtubeId) : `[${escapeInline(core)}](${span.link})`;
  return `${lead}${marker}${body}${marker}${trail}`;
}

function inline(spans: InlineSpan[], youtubeId: string | null): string {
  return escapeLineStart(
    spans
      .map((span) => spanText(span, youtubeId))
      .join('')
      .trim(),
  );
}

const isList = (block: MarkdownBlock | undefined): block is Extract<MarkdownBlock, { depth: number }> =>
  block?.kind === 'bullet' || block?.kind === 'numbered';

/**
 * An AI item's blocks; its headings sit below the item's own, its top-most ones at `top` (4 in a video's file,
 * below the item's level 3).
 */
export function blocksMarkdown(blocks: MarkdownBlock[], youtubeId: string | null, top = 4): string {
  const levels = blocks.flatMap((block) => (block.kind === 'heading' ? [block.level] : []));
  const shift = top - Math.min(top, ...levels);
  let out = '';
  let listDepth = -1;
  let previous: MarkdownBlock | undefined;
  for (const block of blocks) {
    if (isList(block)) {
      // A list nests one level at a time and only under an item: deeper indentation would be code.
      const depth = Math.min(block.depth, listDepth + 1);
      const sameList = isList(previous) && (depth > 0 || previous.kind === block.kind);
      if (out !== '' && !sameList) out += '\n';
      const marker = block.kind === 'numbered' ? `${block.number}.` : '-';
      out += `${'    '.repeat(depth)}${marker} ${inline(block.spans, youtubeId)}\n`;
      listDepth = depth;
    } else {
      if (out !== '') out += '\n';
      listDepth = -1;
      if (block.kind === 'heading') {
        out += `${'#'.repeat(Math.min(6, block.level + shift))} ${inline(block.spans, youtubeId)}\n`;
      } else if (block.kind === 'paragraph') {
        out += `${inline(block.spans, youtubeId)}\n`;
      } else {
        out += `${block.lines.map((line) => inline(line, youtubeId)).join('\n')}\n`;
      }
    }
    previous = block;
  }
  return out;
}

/**
 * A lecture's highlights, notes and AI study material, their section headings at `depth` (2 in a video's file,
 * 3 in a course's, below the lecture's heading).
 */
function studyMaterialMarkdown(model: ExportModel, youtubeId: string | null, depth: number): string {
  const h = '#'.repeat(depth);
  let out = '';
  if (model.highlights.length > 0) {
    out += `${h} ${SECTION.highlights}\n\n`;
    for (const highlight of model.highlights) {
      const label = HIGHLIGHT_LABELS[highlight.color];
      const at = momentLink(youtubeId, highlight.start, formatTimestamp(highlight.start));
      out += `- ${at} ${label}: ${escapeInline(highlight.text)}\n`;
    }
    out += '\n';
  }
  const notes = multilineWithMoments(model.notes, youtubeId);
  if (notes !== '') out += `${h} ${SECTION.notes}\n\n${notes}\n\n`;
  if (model.aiSections.length > 0) {
    out += `${h} ${SECTION.ai}\n\n`;
    for (const section of model.aiSections) {
      out += `${h}# ${escapeInline(section.heading)}\n\n${blocksMarkdown(section.blocks, youtubeId, depth + 2)}\n`;
    }
  }
  return out;
}

export async function renderMarkdown(
  model: ExportModel,
  doc: ExportDocument,
  output: NodeJS.WritableStream,
): Promise<void> {
  const id = doc.youtubeId;
  const at = (seconds: number): string => momentLink(id, seconds, formatTimestamp(seconds));
  const out = new ChunkWriter(output);
  await out.write(frontMatter(model, doc));
  await out.write(`# ${escapeInline(model.title)}\n\n`);

  const chapters = (doc.chapters ?? [])
    .filter((chapter) => Number.isFinite(chapter.start) && chapter.start >= 0)
    .map((chapter) => ({ start: chapter.start, title: sanitizeLine(chapter.title).trim() }));
  if (chapters.length > 0) {
    await out.write('## Chapters\n\n');
    for (const chapter of chapters)
      await out.write(`- ${at(chapter.start)} ${escapeInline(chapter.title)}\n`);
    await out.write('\n');
  }
  await out.write(studyMaterialMarkdown(model, id, 2));
  await out.write(`## ${SECTION.transcript}\n\n`);
  if (model.paragraphs.length === 0) await out.write('No transcript.\n');
  if (model.hasUnclear) await out.write(`*${escapeInline(UNCLEAR_LEGEND)}*\n\n`);
  for (const [index, paragraph] of model.paragraphs.entries()) {
    const marked = markedParagraphText(paragraph, escapeInline, `*${escapeInline(UNCLEAR_MARK)}*`);
    const text = marked.replace(/\s+/g, ' ').trim();
    await out.write(`${index > 0 ? '\n' : ''}${at(paragraph.start)} ${text}\n`);
  }
  await out.end();
}

const COURSE_TAGS = ['lectern', 'course'];

/**
 * A course's study guide: one front matter (the course's title, the export's date, its tags), `# Course title`,
 * then each lecture in order as `## NN. Lecture title` over what its video's file holds one level lower
 * (`### Highlights`, `### Notes`, `### AI Study Material`, `####` per item), without the transcripts.
 */
export async function renderCourseMarkdown(
  course: CourseExportModel,
  exportedAt: Date,
  output: NodeJS.WritableStream,
): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(
    yamlFrontMatter({
      title: course.title,
      date: exportedAt.toISOString().slice(0, 10),
      lectures: course.lectures.length,
      tags: COURSE_TAGS,
    }),
  );
  await out.write(`# ${escapeInline(course.title)}\n\n`);
  for (const lecture of course.lectures) {
    await out.write(`## ${escapeInline(lecture.heading)}\n\n`);
    const material = studyMaterialMarkdown(lecture.model, lecture.youtubeId, 3);
    await out.write(material === '' ? `${NO_STUDY_MATERIAL}\n\n` : material);
  }
  await out.end();
}
