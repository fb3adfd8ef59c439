import { formatTimestamp, UNCLEAR_LEGEND } from '@lectern/contracts';
import { HIGHLIGHT_LABELS, markedParagraphText, SECTION, type ExportModel } from './export-model';
import type { InlineSpan, MarkdownBlock } from './markdown';
import { ChunkWriter } from './stream-writer';

// Plain UTF-8 with LF line ends. The layout is exact so users (and tests) can rely on it:
//
//   Title
//   =====
//
//   Channel: …            Video: …            Duration: …            Exported: …
//
//   Transcript            (each section: its name, a dash underline, a blank line)
//   ----------
//
//   [m:ss] paragraph text (one line per paragraph, a blank line between)
//
// Words speech recognition was not confident of are led by "[unclear] ", said once under the heading.
// then Highlights ("[m:ss] Yellow: text"), Notes (as typed) and AI Study Material, whose items are
// underlined with '~' and whose Markdown becomes plain lines ("- item", "1. item"). A flashcard is two lines,
// "Q: question" then "A: answer", with a blank line between cards. A quiz is its questions ("1. question",
// then "A. option"…), then "Answer key" and each answer: "1. B. option", "Why: …", "Moment: [m:ss] link".

function underline(text: string, mark: string): string {
  return `${text}\n${mark.repeat(Math.max(3, [...text].length))}\n\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A line's text; a link (a quiz answer's moment) is followed by where it leads, which plain text cannot hide. */
function lineText(spans: InlineSpan[]): string {
  return oneLine(
    spans.map((span) => (span.link === undefined ? span.text : `${span.text} ${span.link}`)).join(''),
  );
}

function markdownToText(blocks: MarkdownBlock[]): string {
  const lines: string[] = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const sameList = previous?.kind === block.kind && (block.kind === 'bullet' || block.kind === 'numbered');
    if (index > 0 && !sameList) lines.push('');
    if (block.kind === 'lines') {
      for (const line of block.lines) lines.push(lineText(line));
      return;
    }
    const text = lineText(block.spans);
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        lines.push(text);
        break;
      case 'bullet':
        lines.push(`${'  '.repeat(block.depth)}- ${text}`);
        break;
      case 'numbered':
        lines.push(`${'  '.repeat(block.depth)}${block.number}. ${text}`);
        break;
    }
  });
  return lines.join('\n');
}

function sourceLine(model: ExportModel): string {
  return model.videoUrl === null ? `Source: ${model.source}` : `Video: ${model.videoUrl}`;
}

export async function renderTxt(model: ExportModel, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(underline(model.title, '='));
  await out.write(
    `${model.videoUrl === null ? '' : `Channel: ${model.channel}\n`}${sourceLine(model)}\nDuration: ${model.duration}\nExported: ${model.exportedAt}\n\n`,
  );
  await out.write(underline(SECTION.transcript, '-'));
  if (model.paragraphs.length === 0) await out.write('No transcript.\n\n');
  if (model.hasUnclear) await out.write(`${UNCLEAR_LEGEND}\n\n`);
  for (const paragraph of model.paragraphs) {
    await out.write(`[${formatTimestamp(paragraph.start)}] ${oneLine(markedParagraphText(paragraph))}\n\n`);
  }
  if (model.highlights.length > 0) {
    await out.write(underline(SECTION.highlights, '-'));
    for (const highlight of model.highlights) {
      await out.write(
        `[${formatTimestamp(highlight.start)}] ${HIGHLIGHT_LABELS[highlight.color]}: ${highlight.text}\n`,
      );
    }
    await out.write('\n');
  }
  if (model.notes !== '') {
    await out.write(underline(SECTION.notes, '-'));
    await out.write(`${model.notes}\n\n`);
  }
  if (model.aiSections.length > 0) {
    await out.write(underline(SECTION.ai, '-'));
    for (const section of model.aiSections) {
      await out.write(underline(section.heading, '~'));
      await out.write(`${markdownToText(section.blocks)}\n\n`);
    }
  }
  await out.end();
}
