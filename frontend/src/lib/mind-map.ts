import { escapeHtml, formatTimestamp, watchUrlAt, type Outline } from '@lectern/contracts';

/** A node of the mind map as markmap draws it: HTML content and its children. */
export interface MindMapNode {
  content: string;
  children: MindMapNode[];
}

// Outline text comes from a video's captions, which anyone can write: it is escaped before markmap renders it as
// HTML. Each moment is a link to the video there, marked so a click seeks the page's video instead.
function momentLink(youtubeId: string, seconds: number): string {
  const at = Math.max(0, Math.floor(seconds));
  return `<a href="${escapeHtml(watchUrlAt(youtubeId, at))}" data-seek="${at}">${formatTimestamp(at)}</a>`;
}

/** The lecture as a mind map: its title, then each section, then each of the section's key points. */
export function mindMapOf(outline: Outline, title: string | null, youtubeId: string): MindMapNode {
  return {
    content: escapeHtml(title?.trim() || 'This video'),
    children: outline.sections.map((section) => ({
      content: `${momentLink(youtubeId, section.start)} ${escapeHtml(section.title)}`,
      children: section.points.map((point) => ({
        content: `${momentLink(youtubeId, point.start)} ${escapeHtml(point.text)}`,
        children: [],
      })),
    })),
  };
}

/** The file name a mind map is saved as: the title's letters and digits, then `_mind_map.svg`. */
export function mindMapFileName(title: string | null): string {
  const base = (title ?? '').replace(/[^A-Za-z0-9]+/gu, '_').replace(/^_|_$/gu, '');
  return base ? `${base}_mind_map.svg` : 'mind_map.svg';
}

/** The moment a click in the mind map asks for, if it landed on a moment link. */
export function seekTargetOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('[data-seek]');
  const seconds = Number(link?.getAttribute('data-seek'));
  return link && Number.isFinite(seconds) ? seconds : null;
}
