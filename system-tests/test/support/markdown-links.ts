import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/** A Markdown page: where it is (relative to the repository) and its text. */
export interface MarkdownPage {
  file: string;
  text: string;
}

/** What a page offers to link to, and what it links to. */
interface PageLinks {
  anchors: Set<string>;
  links: string[];
}

export interface BrokenLink {
  file: string;
  link: string;
  reason: string;
}

const markdown = new MarkdownIt({ html: true });
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.nx', '.lectern', 'coverage', 'test-artifacts']);
// `id="…"` or `name="…"` on an HTML element, as in `<a id="redis-ha"></a>`.
const HTML_ANCHOR = /<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi;
const HTML_LINK = /<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/gi;
// A link with a scheme (https:, mailto:) or protocol-relative leaves the repository.
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Every Markdown file of the repository's own, relative to `root`, in a stable order. */
export function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('dist')) walk(relative);
      } else if (entry.name.endsWith('.md')) {
        found.push(relative);
      }
    }
  };
  walk('');
  return found.sort();
}

/** A heading's text as GitHub renders it (code spans keep their text, markup goes). */
function headingText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

function htmlMatches(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

/** The anchors a page has (its headings slugged as GitHub does, and HTML ids) and the links it makes. */
function readPage(text: string): PageLinks {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const links: string[] = [];
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(headingText(tokens[index + 1])));
    if (token.type === 'html_block') {
      htmlMatches(token.content, HTML_ANCHOR).forEach((id) => anchors.add(id));
      links.push(...htmlMatches(token.content, HTML_LINK));
    }
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') links.push(String(child.attrGet('href') ?? ''));
      if (child.type === 'image') links.push(String(child.attrGet('src') ?? ''));
      if (child.type === 'html_inline') {
        htmlMatches(child.content, HTML_ANCHOR).forEach((id) => anchors.add(id));
        links.push(...htmlMatches(child.content, HTML_LINK));
      }
    }
  });
  return { anchors, links };
}

/**
 * The relative links of `pages` that lead nowhere: to a file or folder that does not exist under `root`, or to an
 * anchor that a Markdown page (one of `pages`, else read from `root`) does not have. Anchors into other files
 * (a line of code) are not checked.
 */
export function brokenLinks(root: string, pages: MarkdownPage[]): BrokenLink[] {
  const read = new Map(pages.map((page) => [path.normalize(page.file), readPage(page.text)]));
  const anchorsOf = (file: string): Set<string> => {
    if (!read.has(file)) read.set(file, readPage(readFileSync(path.join(root, file), 'utf8')));
    return read.get(file)!.anchors;
  };
  const exists = (file: string): boolean => read.has(file) || existsSync(path.join(root, file));

  const broken: BrokenLink[] = [];
  for (const page of pages) {
    const file = path.normalize(page.file);
    for (const link of read.get(file)!.links) {
      if (link === '' || EXTERNAL.test(link)) continue;
      const [target = '', fragment] = decodeURI(link).split('#', 2);
      const targetFile = path.normalize(
        target === ''
          ? file
          : target.startsWith('/')
            ? target.slice(1)
            : path.join(path.dirname(file), target),
      );
      if (targetFile.startsWith('..')) {
        broken.push({ file, link, reason: 'leads outside the repository' });
      } else if (!exists(targetFile)) {
        broken.push({ file, link, reason: `${targetFile} does not exist` });
      } else if (fragment && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(fragment)) {
        broken.push({ file, link, reason: `${targetFile} has no heading or anchor "${fragment}"` });
      }
    }
  }
  return broken;
}
