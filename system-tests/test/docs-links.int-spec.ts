import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brokenLinks, markdownFiles } from './support/markdown-links';

const root = path.resolve(__dirname, '../..');

describe("Lectern's documentation", () => {
  const files = markdownFiles(root);

  it('has the README and the pages of docs/', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/ai-engines.md',
        'docs/api.md',
        'docs/architecture.md',
        'docs/benchmarks.md',
        'docs/configuration.md',
        'docs/data-model.md',
        'docs/jobs.md',
        'docs/operating.md',
        'docs/security.md',
        'docs/testing.md',
      ]),
    );
  });

  it('links only to files that exist, and to headings or anchors those pages have', () => {
    const pages = files.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
    expect(brokenLinks(root, pages)).toEqual([]);
  });
});

describe('the link check', () => {
  const page = (text: string) => [{ file: 'docs/page.md', text }];

  it('reports a link to a missing file, a missing heading and a missing anchor of the same page', () => {
    const text = [
      '# Page',
      '## Running `npm start`',
      '<a id="kept"></a>',
      '[gone](gone.md) [elsewhere](../README.md#no-such-heading) [here](#no-such-heading) [image](images/none.png)',
      '<a href="../nowhere/">folder</a>',
    ].join('\n\n');
    expect(brokenLinks(root, page(text)).map(({ link }) => link)).toEqual([
      'gone.md',
      '../README.md#no-such-heading',
      '#no-such-heading',
      'images/none.png',
      '../nowhere/',
    ]);
  });

  it('accepts headings slugged as GitHub does, HTML anchors, folders, files of code and other sites', () => {
    const text = [
      '# Page',
      '## Running `npm start`, then Ctrl-C',
      '## Running `npm start`, then Ctrl-C',
      '<a id="kept"></a>',
      '[a](#running-npm-start-then-ctrl-c) [b](#running-npm-start-then-ctrl-c-1) [c](#kept)',
      '[d](../README.md#quick-start) [e](../system-tests) [f](../launch.mjs#L10) [g](https://example.com/x.md#y)',
      '```md\n[in a code block](nowhere.md)\n```',
    ].join('\n\n');
    expect(brokenLinks(root, page(text))).toEqual([]);
  });
});
