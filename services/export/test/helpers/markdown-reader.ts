import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** A node of remark's syntax tree (mdast), as far as the tests read it. */
export interface MdNode {
  type: string;
  value?: string;
  depth?: number;
  url?: string;
  ordered?: boolean;
  children?: MdNode[];
}

export interface ReadMarkdown {
  tree: MdNode;
  /** The front matter's value as the `yaml` library parses it. */
  frontMatter: Record<string, unknown> | null;
}

/** The file as remark (with GFM and front matter) reads it; see markdown-tree.mjs. */
export function readMarkdown(file: Buffer | string): Promise<ReadMarkdown> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'markdown-tree.mjs')],
      { maxBuffer: 512 * 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(new Error(`remark failed: ${error.message}`));
        else resolve(JSON.parse(stdout) as ReadMarkdown);
      },
    );
    child.stdin?.end(file);
  });
}

/** Every node of the tree, depth first. */
export function allNodes(node: MdNode): MdNode[] {
  return [node, ...(node.children ?? []).flatMap(allNodes)];
}

/** The text a node shows: its text, inline code and break nodes joined. */
export function textOf(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  if (node.type === 'break') return '\n';
  return (node.children ?? []).map(textOf).join('');
}

/** The document's headings as `<depth> <text>`, in order. */
export function headings(tree: MdNode): string[] {
  return allNodes(tree)
    .filter((node) => node.type === 'heading')
    .map((node) => `${node.depth ?? 0} ${textOf(node)}`);
}

/** The top-level nodes from the heading with this text up to the next heading of the same or a higher level. */
export function section(tree: MdNode, title: string): MdNode[] {
  const top = tree.children ?? [];
  const start = top.findIndex((node) => node.type === 'heading' && textOf(node) === title);
  if (start < 0) return [];
  const depth = top[start]?.depth ?? 1;
  const end = top.findIndex(
    (node, index) => index > start && node.type === 'heading' && (node.depth ?? 1) <= depth,
  );
  return top.slice(start + 1, end < 0 ? undefined : end);
}

/** The links under the nodes as `text -> url`. */
export function links(nodes: MdNode[]): string[] {
  return nodes
    .flatMap(allNodes)
    .filter((node) => node.type === 'link')
    .map((node) => `${textOf(node)} -> ${node.url ?? ''}`);
}
