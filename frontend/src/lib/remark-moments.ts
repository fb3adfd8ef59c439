import { CITED_MOMENTS, splitMoments } from '@/lib/moments';

/** The element name a written moment becomes in the rendered Markdown (see MarkdownView). */
export const MOMENT_ELEMENT = 'moment-link';

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
  data?: { hName?: string };
}

// Code shows text as written; a link's text is already shown as plain words.
const LEFT_AS_WRITTEN = new Set(['code', 'inlineCode', 'link', 'linkReference', 'moment']);

function splitText(node: MarkdownNode): MarkdownNode[] {
  const pieces = splitMoments(node.value ?? '', CITED_MOMENTS);
  if (pieces.every((piece) => piece.seconds === null)) return [node];
  return pieces.map((piece) =>
    piece.seconds === null
      ? { type: 'text', value: piece.text }
      : { type: 'moment', data: { hName: MOMENT_ELEMENT }, children: [{ type: 'text', value: piece.text }] },
  );
}

function visit(node: MarkdownNode): void {
  if (!node.children || LEFT_AS_WRITTEN.has(node.type)) return;
  node.children = node.children.flatMap((child) => (child.type === 'text' ? splitText(child) : [child]));
  for (const child of node.children) visit(child);
}

/** A remark plugin: each moment a study aid cites, `[m:ss]` or `(m:ss)`, becomes a `moment-link` element. */
export function remarkMoments() {
  return (tree: MarkdownNode) => visit(tree);
}
