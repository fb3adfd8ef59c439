// Reads a Markdown file as note apps do, in a plain Node process (remark and its plugins are ES modules,
// which jest's CommonJS sandbox does not load): remark-parse with GFM (Obsidian's and Logseq's Markdown) and
// remark-frontmatter, the front matter then parsed by the `yaml` library. Reads the file on stdin, prints
// JSON: the syntax tree without positions, and the front matter's value (null when there is none).
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse } from 'yaml';

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const text = Buffer.concat(chunks).toString('utf8');
  const tree = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']).parse(text);
  const matter = tree.children.find((node) => node.type === 'yaml');
  const strip = (node) => {
    delete node.position;
    for (const child of node.children ?? []) strip(child);
    return node;
  };
  process.stdout.write(
    JSON.stringify({
      tree: strip(tree),
      frontMatter: matter ? parse(matter.value, { strict: true, uniqueKeys: true }) : null,
    }),
  );
});
