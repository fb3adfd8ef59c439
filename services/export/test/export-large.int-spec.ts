import type { ExportFormat } from '@lectern/contracts';
import { longTranscriptDocument, LONG_FIXTURE } from '../bench/export-bench';
import { links, readMarkdown, section } from './helpers/markdown-reader';
import { docxPart, pdfText, renderToBuffer } from './helpers/render-to-buffer';

// The ten-hour transcript (12,000 segments) in every format. Timing targets are checked by the bench; here
// each export must finish and be well-formed.
describe('ten-hour export', () => {
  const doc = longTranscriptDocument();

  it('has the fixture the targets are stated for', () => {
    expect(doc.segments).toHaveLength(LONG_FIXTURE.segments);
    expect(doc.segments.at(-1)?.start).toBeGreaterThan(9.9 * 3600);
  });

  it.each(['txt', 'md', 'pdf', 'docx'] as ExportFormat[])(
    'exports as %s',
    async (format) => {
      const file = await renderToBuffer(doc, format);
      if (format === 'txt') {
        const text = file.toString('utf8');
        expect(text).toContain('[9:59:');
        expect(text.split('\n\n[').length).toBeGreaterThan(600);
      } else if (format === 'md') {
        const { tree } = await readMarkdown(file);
        const moments = links(section(tree, 'Transcript'));
        expect(moments.length).toBeGreaterThan(600);
        expect(moments.at(-1)).toMatch(/^9:59:\d\d -> https:\/\/www\.youtube\.com\/watch\?v=.+&t=359\d\ds$/);
      } else if (format === 'pdf') {
        const { text, pages } = await pdfText(file);
        expect(pages).toBeGreaterThan(100);
        expect(text).toContain(`Page ${pages}`);
        expect(text).toContain('[9:59:');
      } else {
        const xml = await docxPart(file);
        expect(xml.endsWith('</w:document>')).toBe(true);
        expect(xml).toContain('[9:59:');
      }
    },
    60_000,
  );
});
