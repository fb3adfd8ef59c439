import {
  FEATURE_LABELS,
  formatDuration,
  FEATURE_TYPES,
  isOfflineMaterial,
  OFFLINE_MATERIAL_NOTICE,
  parseFlashcards,
  speechRecognitionNote,
  UNCLEAR_MARK,
  watchUrlAt,
  youtubeWatchUrl,
  WRITTEN_MATERIAL_HINT,
  type FeatureType,
  type HighlightColor,
} from '@lectern/contracts';
import { documentLanguage } from './document-language';
import { sanitize, sanitizeLine } from './safe-text';
import type { ExportDocument } from './export-document';
import { parseMarkdown, type InlineSpan, type MarkdownBlock } from './markdown';
import { quizBlocks } from './quiz-blocks';
import { sheetQuestions } from './quiz-sheet';
import { isRtlParagraph } from './scripts';

// What every format shows, worked out once so TXT, PDF and DOCX cannot drift apart.

export interface TranscriptParagraph {
  /** Seconds: the first segment's start, shown as `[m:ss]`. */
  start: number;
  /** Where the paragraph's text begins in the transcript text. */
  offset: number;
  text: string;
  rtl: boolean;
  /** Where in `text` the words of an unclear segment (speech recognition was not confident) begin, in order. */
  unclearAt: number[];
}

export interface ColoredRange {
  /** Offsets into the transcript text, end exclusive. */
  start: number;
  end: number;
  color: HighlightColor;
}

export interface HighlightEntry {
  start: number;
  color: HighlightColor;
  text: string;
}

export interface AiSection {
  heading: string;
  blocks: MarkdownBlock[];
}

export interface ExportModel {
  title: string;
  /** The transcript's language as a BCP 47 tag, or null when unknown. */
  language: string | null;
  channel: string;
  /** The YouTube video's link; null for an uploaded recording. */
  videoUrl: string | null;
  /** Where the transcript comes from, shown instead of the link for an uploaded recording. */
  source: string;
  duration: string;
  exportedAt: string;
  paragraphs: TranscriptParagraph[];
  /** Whether a paragraph marks unclear words: the transcript then says what its mark means. */
  hasUnclear: boolean;
  colored: ColoredRange[];
  highlights: HighlightEntry[];
  notes: string;
  aiSections: AiSection[];
}

/** The author both document formats name: the documents are Lectern's, of the channel's video. */
export const DOCUMENT_AUTHOR = 'Lectern';

/** What the document is, for the PDF's subject and the DOCX's description. */
export function documentSubject(model: Pick<ExportModel, 'channel' | 'videoUrl'>): string {
  return model.videoUrl === null
    ? 'Transcript of an uploaded recording'
    : `Transcript of ${model.videoUrl} (${model.channel})`;
}

/** What a course's study guide is, for the PDF's subject and the DOCX's description. */
export const COURSE_SUBJECT = "Study guide of a course: each lecture's study material, highlights and notes";

export { sanitizeLine };

/** The video at a moment, or null when there is no video to open (an uploaded recording). */
export function momentUrl(youtubeId: string | null, seconds: number): string | null {
  return youtubeId === null ? null : watchUrlAt(youtubeId, seconds);
}

const UPLOADED_RECORDING = 'Uploaded recording';

function sourceText(doc: ExportDocument): string {
  if (doc.youtubeId !== null) return youtubeWatchUrl(doc.youtubeId);
  return doc.transcribedBy
    ? `${UPLOADED_RECORDING}. ${speechRecognitionNote(doc.transcribedBy)}`
    : UPLOADED_RECORDING;
}

export const SECTION = {
  transcript: 'Transcript',
  highlights: 'Highlights',
  notes: 'Notes',
  ai: 'AI Study Material',
} as const;

/** What a course's study guide says under a lecture with no study material, highlights or notes yet. */
export const NO_STUDY_MATERIAL = 'No study material yet.';

const SUMMARY_ORDER = ['micro', 'short', 'detailed'];

export const HIGHLIGHT_LABELS: Record<HighlightColor, string> = {
  yellow: 'Yellow',
  blue: 'Blue',
  green: 'Green',
};

const SENTENCE_END = /[.!?…。！？؟।]["'”’»)\]」』]*$/u;
// Paragraphs close at a sentence end after this long, and in any case after the longer span.
const SOFT_PARAGRAPH_SECONDS = 30;
const HARD_PARAGRAPH_SECONDS = 60;
const HARD_PARAGRAPH_CHARS = 1500;

export function exportDateText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const label = (text: string): InlineSpan => ({ text, bold: true, italic: false });
// Card text is plain: a fill-in blank `_____` is no emphasis (the stored cards' `**` are already gone).
const plain = (text: string): InlineSpan => ({ text: text.replace(/\s+/g, ' '), bold: false, italic: false });

const note = (text: string): InlineSpan => ({ text, bold: false, italic: true });

/** Leads each item the offline engine wrote: what it is, and how to get written material. */
const OFFLINE_NOTICE: MarkdownBlock = {
  kind: 'lines',
  lines: [[note(OFFLINE_MATERIAL_NOTICE)], [note(WRITTEN_MATERIAL_HINT)]],
};

/**
 * The blocks of an AI item. Flashcards are read as cards (the stored `Q:` / `A:` pairs) and each becomes
 * its question on one line and its answer on the next; Markdown would run the two together as one
 * paragraph. A quiz is its questions, then its answer key. Flashcards with no card in them, a quiz with no
 * question, and every other kind (the outline's sections and points too), are Markdown.
 */
function studyBlocks(featureType: FeatureType, text: string, youtubeId: string | null): MarkdownBlock[] {
  const questions = featureType === 'quiz' ? sheetQuestions(text, youtubeId) : [];
  if (questions.length > 0) return quizBlocks(questions);
  const cards = featureType === 'flashcards' ? parseFlashcards(text) : [];
  if (cards.length === 0) return parseMarkdown(text);
  return cards.map((card) => ({
    kind: 'lines',
    lines: [
      [label('Q: '), plain(card.question)],
      [label('A: '), plain(card.answer)],
    ],
  }));
}

export function buildExportModel(doc: ExportDocument): ExportModel {
  const texts = doc.segments.map((segment) => sanitizeLine(segment.text));
  const offsets: number[] = [];
  let cursor = 0;
  for (const text of texts) {
    offsets.push(cursor);
    cursor += text.length + 1;
  }
  const transcriptLength = Math.max(0, cursor - 1);

  const paragraphs: TranscriptParagraph[] = [];
  let current: { start: number; first: number; last: number; rtl: boolean | null } | null = null;
  const close = (): void => {
    if (!current) return;
    const offset = offsets[current.first] ?? 0;
    const text = texts.slice(current.first, current.last + 1).join(' ');
    const unclearAt: number[] = [];
    for (let index = current.first; index <= current.last; index += 1)
      if (doc.segments[index]?.unclear && (texts[index] ?? '').trim() !== '')
        unclearAt.push((offsets[index] ?? 0) - offset);
    if (text.trim() !== '')
      paragraphs.push({ start: current.start, offset, text, rtl: current.rtl ?? false, unclearAt });
    current = null;
  };
  doc.segments.forEach((segment, index) => {
    const text = texts[index] ?? '';
    const strong = /[\p{L}]/u.test(text) ? isRtlParagraph(text) : null;
    if (current) {
      const elapsed = segment.start - current.start;
      const previous = (texts[current.last] ?? '').trim();
      const length = (offsets[index] ?? 0) - (offsets[current.first] ?? 0);
      const turn = strong !== null && current.rtl !== null && strong !== current.rtl;
      const sentenceDone = SENTENCE_END.test(previous);
      if (
        turn ||
        elapsed >= HARD_PARAGRAPH_SECONDS ||
        length >= HARD_PARAGRAPH_CHARS ||
        (sentenceDone && (elapsed >= SOFT_PARAGRAPH_SECONDS || length >= HARD_PARAGRAPH_CHARS / 2))
      ) {
        close();
      }
    }
    if (!current) current = { start: segment.start, first: index, last: index, rtl: strong };
    else {
      current.last = index;
      current.rtl ??= strong;
    }
  });
  close();

  const segmentAt = (offset: number): number => {
    let low = 0;
    let high = offsets.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((offsets[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return doc.segments[low]?.start ?? 0;
  };

  const sorted = [...doc.highlights].sort((a, b) => a.startIndex - b.startIndex || a.endIndex - b.endIndex);
  const colored: ColoredRange[] = [];
  for (const highlight of sorted) {
    const start = Math.max(0, Math.min(transcriptLength, Math.trunc(highlight.startIndex)));
    const end = Math.max(0, Math.min(transcriptLength, Math.trunc(highlight.endIndex)));
    if (end > start) colored.push({ start, end, color: highlight.color });
  }
  const highlights = sorted.map((highlight) => ({
    start: segmentAt(Math.max(0, highlight.startIndex)),
    color: highlight.color,
    text: sanitizeLine(highlight.text).replace(/\s+/g, ' ').trim(),
  }));

  const aiSections = [...doc.aiContent]
    .filter((item) => item.outputText.trim() !== '')
    .sort(
      (a, b) =>
        FEATURE_TYPES.indexOf(a.featureType) - FEATURE_TYPES.indexOf(b.featureType) ||
        SUMMARY_ORDER.indexOf(a.summaryLength ?? '') - SUMMARY_ORDER.indexOf(b.summaryLength ?? ''),
    )
    .map((item) => {
      const label = FEATURE_LABELS[item.featureType];
      const length = item.featureType === 'summary' && item.summaryLength ? item.summaryLength : null;
      const heading = length ? `${label} (${length[0]?.toUpperCase() ?? ''}${length.slice(1)})` : label;
      const blocks = studyBlocks(item.featureType, sanitize(item.outputText), doc.youtubeId);
      return { heading, blocks: isOfflineMaterial(item) ? [OFFLINE_NOTICE, ...blocks] : blocks };
    });

  const title = sanitizeLine(doc.title ?? '').trim();
  const channel = sanitizeLine(doc.channelName ?? '').trim();
  return {
    title: title === '' ? 'Untitled' : title,
    language: documentLanguage(doc.language),
    channel: channel === '' ? 'Unknown' : channel,
    videoUrl: doc.youtubeId === null ? null : youtubeWatchUrl(doc.youtubeId),
    source: sourceText(doc),
    duration: formatDuration(doc.duration),
    exportedAt: exportDateText(doc.exportedAt),
    paragraphs,
    hasUnclear: paragraphs.some((paragraph) => paragraph.unclearAt.length > 0),
    colored,
    highlights,
    notes: sanitize(doc.notes).replace(/\r\n?/g, '\n').trim(),
    aiSections,
  };
}

/** The highlight colour of each stretch of a paragraph (null where there is none). */
export function paragraphColors(
  paragraph: TranscriptParagraph,
  colored: ColoredRange[],
): Array<{ start: number; end: number; color: HighlightColor | null }> {
  const length = paragraph.text.length;
  const colors: Array<HighlightColor | null> = new Array<HighlightColor | null>(length).fill(null);
  let any = false;
  for (const range of colored) {
    const start = Math.max(0, range.start - paragraph.offset);
    const end = Math.min(length, range.end - paragraph.offset);
    for (let i = start; i < end; i++) {
      colors[i] = range.color;
      any = true;
    }
  }
  if (!any) return [{ start: 0, end: length, color: null }];
  const out: Array<{ start: number; end: number; color: HighlightColor | null }> = [];
  colors.forEach((color, index) => {
    const last = out[out.length - 1];
    if (last && last.color === color) last.end = index + 1;
    else out.push({ start: index, end: index + 1, color });
  });
  return out;
}

/** A stretch of a transcript paragraph as a format writes it: its words (with their highlight), or the unclear mark. */
export type TranscriptRun = { text: string; color: HighlightColor | null } | { unclear: true };

/** The paragraph's words in highlight-coloured stretches, each unclear segment's words led by the unclear mark. */
export function transcriptRuns(paragraph: TranscriptParagraph, colored: ColoredRange[]): TranscriptRun[] {
  const runs: TranscriptRun[] = [];
  const marks = [...paragraph.unclearAt];
  for (const range of paragraphColors(paragraph, colored)) {
    let start = range.start;
    while (marks.length > 0 && marks[0]! < range.end) {
      const at = Math.max(start, marks.shift()!);
      if (at > start) runs.push({ text: paragraph.text.slice(start, at), color: range.color });
      runs.push({ unclear: true });
      start = at;
    }
    if (range.end > start) runs.push({ text: paragraph.text.slice(start, range.end), color: range.color });
  }
  return runs;
}

/**
 * The paragraph's text as the text formats write it: its words (through `words`, an escape), `mark` (the unclear
 * mark as the format writes it) and a space before each unclear segment's words.
 */
export function markedParagraphText(
  paragraph: TranscriptParagraph,
  words: (text: string) => string = (text) => text,
  mark = UNCLEAR_MARK,
): string {
  return transcriptRuns(paragraph, [])
    .map((run) => ('unclear' in run ? `${mark} ` : words(run.text)))
    .join('');
}
