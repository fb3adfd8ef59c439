import { parseCaptionXml } from './caption-xml';
import { captionFormatOf, normaliseCaptions } from './normalise';

/** Raw `/api/timedtext` body to the texts Lectern stores. */
const textsOf = (xml: string) => {
  const format = captionFormatOf(xml);
  return normaliseCaptions(parseCaptionXml(xml, format), format).segments.map((segment) => segment.text);
};

const srv3 = (...paragraphs: string[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n${paragraphs
    .map((text, index) => `<p t="${index * 1000}" d="900">${text}</p>`)
    .join('\n')}\n</body>\n</timedtext>`;
const classic = (...texts: string[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts
    .map((text, index) => `<text start="${index}" dur="0.9">${text}</text>`)
    .join('')}</transcript>`;

describe('srv3 captions: XML-encoded once', () => {
  it.each([
    ['AT&amp;T', 'AT&T'],
    ['it&#39;s &quot;quoted&quot;', 'it\'s "quoted"'],
    ['&lt;i&gt;markup&lt;/i&gt; stripped', 'markup stripped'],
    ['this is &lt;i>not&lt;/i> it', 'this is not it'],
    ['&amp;lt;i&amp;gt;', '&lt;i&gt;'],
    ['&amp;amp;', '&amp;'],
    ['a &lt;tag&gt; and 3 &lt; 5 &gt; 2', 'a <tag> and 3 < 5 > 2'],
    ['caf&#xE9; &#8364;5', 'café €5'],
    ['one<br/>two', 'one two'],
  ])('%s -> %s', (xml, text) => {
    expect(textsOf(srv3(xml))).toEqual([text]);
  });

  it('joins the per-word <s> elements of auto-generated captions, with text between them', () => {
    const xml = srv3('<s ac="0">fast</s><s t="400" ac="0"> and</s> loose<s t="800"> &amp;amp;</s>', '\n');
    expect(textsOf(xml)).toEqual(['fast and loose &amp;']);
  });

  it('reads times in milliseconds', () => {
    const xml = srv3('one', 'two');
    const format = captionFormatOf(xml);
    expect(normaliseCaptions(parseCaptionXml(xml, format), format).segments).toEqual([
      { text: 'one', start: 0 },
      { text: 'two', start: 1 },
    ]);
  });
});

describe('classic captions: HTML-encoded, then XML-encoded', () => {
  it.each([
    ['AT&amp;amp;T', 'AT&T'],
    ['it&amp;#39;s &amp;quot;quoted&amp;quot;', 'it\'s "quoted"'],
    ['this is &lt;i>not&lt;/i> it', 'this is not it'],
    ['&lt;font color="#E5E5E5">grey&lt;/font> words', 'grey words'],
    ['&amp;lt;i&amp;gt; is text', '<i> is text'],
    ['&amp;amp;lt;i&amp;amp;gt;', '&lt;i&gt;'],
    ['3 &amp;lt; 5', '3 < 5'],
    ['a&amp;nbsp;b', 'a b'],
  ])('%s -> %s', (xml, text) => {
    expect(textsOf(classic(xml))).toEqual([text]);
  });

  it('reads times in seconds and drops blank captions', () => {
    const xml = classic('one', '  ', 'three');
    const format = captionFormatOf(xml);
    expect(normaliseCaptions(parseCaptionXml(xml, format), format)).toEqual({
      segments: [
        { text: 'one', start: 0 },
        { text: 'three', start: 2 },
      ],
      end: 2.9,
    });
  });
});
