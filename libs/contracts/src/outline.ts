import { z } from 'zod';
import { formatTimestamp, parseTimestamp } from './format';

/** One key point of an outline's section, with the moment it is said. */
export const OutlinePointSchema = z.object({
  text: z.string(),
  start: z.number().nonnegative(),
});
export type OutlinePoint = z.infer<typeof OutlinePointSchema>;

/** One section of a lecture's outline: a title, where it starts, and its key points. */
export const OutlineSectionSchema = z.object({
  title: z.string(),
  start: z.number().nonnegative(),
  points: z.array(OutlinePointSchema),
});
export type OutlineSection = z.infer<typeof OutlineSectionSchema>;

/** A lecture's outline (the `outline` AI feature): its sections in order, as chapters and a mind map show them. */
export const OutlineSchema = z.object({ sections: z.array(OutlineSectionSchema) });
export type Outline = z.infer<typeof OutlineSchema>;

// `## [m:ss] Title` heads a section; `- [m:ss] text` is one of its points. Both engines write this Markdown.
const SECTION_LINE = /^#{2,3}\s+\[(\d+(?::[0-5]\d){1,2})\]\s*(.+)$/u;
const POINT_LINE = /^\s*[-*]\s+\[(\d+(?::[0-5]\d){1,2})\]\s*(.+)$/u;

/** The outline as stored: Markdown with a `## [m:ss] Title` heading per section and `- [m:ss] point` lines. */
export function writeOutline(outline: Outline): string {
  return outline.sections
    .map((section) =>
      [
        `## [${formatTimestamp(section.start)}] ${section.title}`,
        '',
        ...section.points.map((point) => `- [${formatTimestamp(point.start)}] ${point.text}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * The outline a stored `outline` item holds. Lines of any other shape are skipped, so an answer that strays a
 * little from the structure still gives what it has; points before the first section are dropped.
 */
export function parseOutline(text: string): Outline {
  const sections: OutlineSection[] = [];
  for (const line of text.split(/\r?\n/u)) {
    const section = SECTION_LINE.exec(line.trim());
    if (section) {
      const start = parseTimestamp(section[1] ?? '');
      const title = cleanText(section[2] ?? '');
      if (start !== null && title !== '') sections.push({ title, start, points: [] });
      continue;
    }
    const point = POINT_LINE.exec(line);
    const current = sections[sections.length - 1];
    if (!point || !current) continue;
    const start = parseTimestamp(point[1] ?? '');
    const pointText = cleanText(point[2] ?? '');
    if (start !== null && pointText !== '') current.points.push({ text: pointText, start });
  }
  return { sections };
}

function cleanText(text: string): string {
  return text.replace(/\*\*/gu, '').trim();
}
