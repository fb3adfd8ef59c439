import { formatTimestamp } from '@lectern/contracts';
import { z } from 'zod';
import type { InlineSpan, MarkdownBlock } from './markdown';

// The lecture's outline, stored by the AI engines as JSON: sections, each with its points, every one at the
// moment it starts. Exports show a section as a heading and its points as a list, each led by its `[m:ss]`
// (a link to the video in Markdown).

/** The feature type the outline is stored under, and its name in exports. */
export const OUTLINE_FEATURE = 'outline';
export const OUTLINE_LABEL = 'Outline';

const moment = z.number().finite().nonnegative();
const StoredOutlineSchema = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      start: moment,
      points: z.array(z.object({ text: z.string(), start: moment })).default([]),
    }),
  ),
});

const plain = (text: string): InlineSpan => ({
  text: text.replace(/\s+/g, ' ').trim(),
  bold: false,
  italic: false,
});

const stamped = (seconds: number, text: string): InlineSpan[] => [
  plain(`[${formatTimestamp(seconds)}] ${text}`),
];

/** The outline's blocks, or null when the text is not a stored outline (it is then read as Markdown). */
export function outlineBlocks(text: string): MarkdownBlock[] | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const outline = StoredOutlineSchema.safeParse(json);
  if (!outline.success) return null;
  return outline.data.sections.flatMap((section): MarkdownBlock[] => [
    { kind: 'heading', level: 1, spans: stamped(section.start, section.title) },
    ...section.points.map((point): MarkdownBlock => ({
      kind: 'bullet',
      depth: 0,
      spans: stamped(point.start, point.text),
    })),
  ]);
}
