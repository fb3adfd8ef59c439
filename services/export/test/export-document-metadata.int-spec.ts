import { multilingualDocument } from './fixtures/multilingual';
import { rightToLeftDocument } from './fixtures/right-to-left';
import { readPdfStructure, type PdfStructure } from './helpers/pdf-structure';
import { readDocxWithPython, type DocxAsRead } from './helpers/python-docx';
import { renderToBuffer } from './helpers/render-to-buffer';

// What screen readers, reflow and search read besides the text: the document's language (the
// transcript's), the PDF's structure tree, and who wrote it. Read with qpdf, pdfinfo and python-docx.

describe('PDF of an English lecture', () => {
  let pdf: PdfStructure;

  beforeAll(async () => {
    pdf = await readPdfStructure(await renderToBuffer({ ...multilingualDocument(), language: 'en' }, 'pdf'));
  });

  it('carries the transcript’s language in the catalog', () => {
    expect(pdf.lang).toBe('en');
  });

  it('is tagged: marked, with a structure tree pdfinfo sees', () => {
    expect(pdf.marked).toBe(true);
    expect(pdf.info.Tagged).toBe('yes');
  });

  it('has the title as H1, the sections as H2 and the text as paragraphs, in reading order', () => {
    const types = pdf.elements.map((element) => element.type);
    expect(types[0]).toBe('Document');
    expect(types[1]).toBe('H1');
    const headings = pdf.elements.filter((element) => element.type === 'H2');
    expect(headings.length).toBeGreaterThanOrEqual(4);
    expect(types.indexOf('H2')).toBeLessThan(types.lastIndexOf('P'));
    expect(types.filter((type) => type === 'P').length).toBeGreaterThan(10);
    // Every element sits in the Document element.
    expect(pdf.elements.slice(1).every((element) => element.depth === 1)).toBe(true);
  });

  it('names Lectern as author and creator', () => {
    expect(pdf.info.Author).toBe('Lectern');
    expect(pdf.info.Creator).toBe('Lectern');
  });
});

describe('PDF of an Arabic lecture', () => {
  let pdf: PdfStructure;

  beforeAll(async () => {
    pdf = await readPdfStructure(await renderToBuffer({ ...rightToLeftDocument(), language: 'ar' }, 'pdf'));
  });

  it('carries Arabic as the language, and English on Lectern’s own section names', () => {
    expect(pdf.lang).toBe('ar');
    expect(pdf.elements.find((element) => element.type === 'H2')?.lang).toBe('en');
    expect(pdf.elements.find((element) => element.type === 'H1')?.lang).toBeNull();
  });

  it('writes a language code YouTube still uses (iw for Hebrew) as today’s code', async () => {
    const hebrew = await readPdfStructure(
      await renderToBuffer({ ...rightToLeftDocument(), language: 'iw' }, 'pdf'),
    );
    expect(hebrew.lang).toBe('he');
  });
});

describe('DOCX', () => {
  let english: DocxAsRead;
  let arabic: DocxAsRead;
  let japanese: DocxAsRead;
  let pdfAuthor = '';

  beforeAll(async () => {
    [english, arabic, japanese] = await Promise.all([
      renderToBuffer({ ...multilingualDocument(), language: 'en' }, 'docx').then(readDocxWithPython),
      renderToBuffer({ ...rightToLeftDocument(), language: 'ar' }, 'docx').then(readDocxWithPython),
      renderToBuffer({ ...multilingualDocument(), language: 'ja' }, 'docx').then(readDocxWithPython),
    ]);
    pdfAuthor =
      (await readPdfStructure(await renderToBuffer(multilingualDocument(), 'pdf'))).info.Author ?? '';
  }, 60_000);

  it('carries the transcript’s language in the default run style', () => {
    expect(english.defaultLang).toEqual(expect.objectContaining({ val: 'en' }));
    expect(japanese.defaultLang).toEqual(expect.objectContaining({ eastAsia: 'ja' }));
  });

  it('marks an Arabic lecture as right-to-left Arabic text', () => {
    expect(arabic.defaultLang).toEqual(expect.objectContaining({ bidi: 'ar' }));
    expect(arabic.rtlParagraphs.length).toBeGreaterThanOrEqual(6);
  });

  it('names the same author as the PDF', () => {
    expect(english.author).toBe('Lectern');
    expect(english.author).toBe(pdfAuthor);
  });
});
