import type { ExportFormat } from '@lectern/contracts';
import type { ExportDocument } from '../src/render';
import { docxParagraphTexts, docxPart, pdfText, renderToBuffer } from './helpers/render-to-buffer';

// Text users paste or captions carry: emoji everywhere, control characters, lone surrogates, scripts with
// no face among Lectern's fonts. No format may throw or produce a broken file.
const hostile: ExportDocument = {
  title: '🎉🔥 "Quotes" / slashes \\ <tags> & 🧪',
  channelName: '👩🏾‍🔬 Lab',
  youtubeId: 'x',
  duration: 36_000,
  exportedAt: new Date('2026-01-01T00:00:00Z'),
  segments: [
    { text: 'Emoji 😀😃😄 in a row, flags 🇯🇵🇰🇷, keycap 1️⃣, family 👨‍👩‍👧‍👦.', start: 0 },
    { text: 'Control\u0001chars\u0007and a lone \ud800 surrogate.', start: 4 },
    { text: 'Devanagari नमस्ते and Thai สวัสดี and Ethiopic ሰላም.', start: 9 },
    { text: `A very long link https://example.com/${'a'.repeat(400)} ends here.`, start: 12 },
  ],
  highlights: [{ text: 'bad offsets', startIndex: 5000, endIndex: -3, color: 'green' }],
  notes: '📝 Notes with emoji 🤔\u0000 and a zero width\u200bspace',
  aiContent: [{ featureType: 'tweet', summaryLength: null, outputText: '**🧵 Thread**\n\n- 1/ 🚀 go' }],
};

describe.each(['txt', 'pdf', 'docx'] as ExportFormat[])('%s export of unusual text', (format) => {
  it('completes with a well-formed file', async () => {
    const file = await renderToBuffer(hostile, format);
    if (format === 'pdf') {
      const { text } = await pdfText(file);
      expect(text).toContain('Quotes');
      expect(text).toContain('Emoji');
      expect(text).toContain('surrogate');
      expect(text).toContain('ends here');
    } else if (format === 'docx') {
      const paragraphs = docxParagraphTexts(await docxPart(file));
      expect(paragraphs).toContain('🎉🔥 "Quotes" / slashes \\ <tags> & 🧪');
      // eslint-disable-next-line no-control-regex -- control characters must not reach the XML
      expect(paragraphs.join('\n')).not.toMatch(/[\u0000-\u0008]/);
    } else {
      const text = file.toString('utf8');
      expect(text).toContain('Emoji 😀😃😄 in a row');
      expect(text).toContain('Control chars and a lone \ufffd surrogate.');
      expect(text).toContain('📝 Notes with emoji 🤔');
    }
  });
});
