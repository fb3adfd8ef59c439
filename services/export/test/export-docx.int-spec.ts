import { multilingualDocument, SCRIPT_SAMPLES } from './fixtures/multilingual';
import { docxHeadings, docxParagraphTexts, docxPart, renderToBuffer } from './helpers/render-to-buffer';

describe('DOCX export', () => {
  let xml = '';
  let paragraphs: string[] = [];

  beforeAll(async () => {
    const docx = await renderToBuffer(multilingualDocument(), 'docx');
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    xml = await docxPart(docx);
    paragraphs = docxParagraphTexts(xml);
  });

  it('has the cover heading and metadata', () => {
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect(paragraphs).toContain('Tides 🌊 and the Moon: Приливы, 潮汐, المد');
    expect(paragraphs).toContain('Channel: Ocean Lessons');
    expect(paragraphs).toContain('Video: https://www.youtube.com/watch?v=abc123XYZ_-');
    expect(paragraphs).toContain('Duration: 12:34');
    expect(paragraphs).toContain('Exported: 2026-03-04 05:06 UTC');
  });

  it('uses Word heading styles for sections and AI items', () => {
    const headings = docxHeadings(xml);
    expect(headings).toEqual([
      'Heading1: Transcript',
      'Heading1: Highlights',
      'Heading1: Notes',
      'Heading1: AI Study Material',
      'Heading2: Summary (Short)',
      'Heading2: Key Insights',
      'Heading3: Main ideas',
    ]);
  });

  it.each(SCRIPT_SAMPLES.map((sample) => [sample.script, sample.text] as const))(
    'keeps the %s transcript text intact',
    (_script, sentence) => {
      expect(paragraphs.some((paragraph) => paragraph.includes(sentence))).toBe(true);
    },
  );

  it('starts paragraphs with [m:ss] timestamps', () => {
    expect(paragraphs.filter((p) => /^\[\d+:\d\d\] /.test(p)).map((p) => p.slice(0, 6))).toEqual(
      expect.arrayContaining(['[0:00]', '[0:30]', '[1:00]', '[1:15]']),
    );
  });

  it('marks Arabic and Hebrew runs right to left and their paragraphs bidirectional', () => {
    const arabic = paragraphs.findIndex((p) => p.includes('طاقة المد'));
    const paragraphXml = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)][arabic]?.[0] ?? '';
    expect(paragraphXml).toContain('<w:bidi/>');
    expect(paragraphXml).toMatch(/<w:rtl\/>[\s\S]*?طاقة/);
    expect(paragraphXml).toMatch(/w:cs="Noto Sans Arabic"/);
    expect(paragraphXml).toMatch(/w:cs="Noto Sans Hebrew"/);
  });

  it('names the CJK faces in the eastAsia slot', () => {
    expect(xml).toMatch(/w:eastAsia="Noto Sans SC"[\s\S]*?潮汐能/);
    expect(xml).toMatch(/w:eastAsia="Noto Sans JP"/);
    expect(xml).toMatch(/w:eastAsia="Noto Sans KR"/);
  });

  it('colours highlights and lists them with timestamps', () => {
    expect(xml).toMatch(/w:fill="FFF59D"[\s\S]*?tidal energy/);
    expect(xml).toMatch(/w:fill="BBDEFB"[\s\S]*?приливную энергию/);
    expect(xml).toMatch(/w:fill="C8E6C9"/);
    expect(paragraphs).toContain('[0:00] Yellow: tidal energy');
    expect(paragraphs).toContain('[0:45] Green: 満ち引き');
  });

  it('includes the notes, the AI content and page numbers', async () => {
    expect(paragraphs).toContain('Заметка: повторить термины.');
    expect(paragraphs).toContain('Tides rise and fall twice a day because of the moon.');
    expect(xml).toMatch(/<w:b\/>[\s\S]*?twice a day/);
    expect(paragraphs).toContain('Moon pulls water');
    const docx = await renderToBuffer(multilingualDocument(), 'docx');
    const footer = await docxPart(docx, 'word/footer1.xml');
    expect(footer).toContain('PAGE');
    expect(footer).toContain('NUMPAGES');
  });
});
