import { captionFormatOf, collapseWhiteSpace, normaliseCaptions, stripFormatting } from './normalise';

describe('stripFormatting', () => {
  it.each([
    ['this is <i>not</i> the original transcript', 'this is not the original transcript'],
    ['<b>Bold</b> and <u>under</u>', 'Bold and under'],
    ['<font color="#E5E5E5">grey</font> words', 'grey words'],
    ['<font face=\'Arial\' size="24">big</font>', 'big'],
    ['<I>shouting</I><EM>!</EM>', 'shouting!'],
    ['one<br/>two<br>three', 'one two three'],
  ])('%s -> %s', (input, expected) => {
    expect(stripFormatting(input)).toBe(expected);
  });

  it.each([['a <tag> stays'], ['3 < 5 > 2'], ['x<y and y>z'], ['<iframe>'], ['<bold>']])(
    'leaves text that only looks like markup: %s',
    (text) => {
      expect(stripFormatting(text)).toBe(text);
    },
  );
});

describe('collapseWhiteSpace', () => {
  it('joins lines and trims', () => {
    expect(collapseWhiteSpace('  first line\nsecond\t\tline \r\n ')).toBe('first line second line');
  });
});

describe('captionFormatOf', () => {
  it('recognises srv3 paragraphs the way youtube-transcript does', () => {
    expect(
      captionFormatOf('<timedtext format="3"><body><p t="1200" d="2400">Hi</p></body></timedtext>'),
    ).toBe('srv3');
    expect(captionFormatOf('<transcript><text start="1.2" dur="2.4">Hi</text></transcript>')).toBe('classic');
    expect(captionFormatOf('')).toBe('classic');
  });
});

describe('normaliseCaptions', () => {
  it('strips formatting markup in every format and drops captions left empty', () => {
    for (const format of ['srv3', 'classic'] as const) {
      const result = normaliseCaptions(
        [
          { text: 'this is <i>not</i> the original', offset: 0, duration: 1 },
          { text: '<font color="#E5E5E5"></font>', offset: 1, duration: 1 },
        ],
        format,
      );
      expect(result.segments.map((segment) => segment.text)).toEqual(['this is not the original']);
    }
  });

  it('decodes the HTML layer of the classic format only, after stripping markup', () => {
    const captions = [{ text: 'AT&amp;T &lt;i&gt; it&#39;s', offset: 0, duration: 1 }];
    expect(normaliseCaptions(captions, 'classic').segments[0]?.text).toBe("AT&T <i> it's");
    expect(normaliseCaptions(captions, 'srv3').segments[0]?.text).toBe('AT&amp;T &lt;i&gt; it&#39;s');
  });

  it('turns srv3 milliseconds into seconds', () => {
    const result = normaliseCaptions(
      [
        { text: 'one', offset: 1200, duration: 2400 },
        { text: 'two', offset: 3_600_123, duration: 1000 },
      ],
      'srv3',
    );
    expect(result.segments).toEqual([
      { text: 'one', start: 1.2 },
      { text: 'two', start: 3600.123 },
    ]);
    expect(result.end).toBe(3601.123);
  });

  it('keeps classic seconds as they are', () => {
    const result = normaliseCaptions([{ text: 'one', offset: 1.25, duration: 2.5 }], 'classic');
    expect(result).toEqual({ segments: [{ text: 'one', start: 1.25 }], end: 3.75 });
  });

  it('decodes, collapses and drops captions left empty, keeping their time for the duration', () => {
    const result = normaliseCaptions(
      [
        { text: 'Don&#39;t\nstop', offset: 0, duration: 1 },
        { text: ' &nbsp; ', offset: 1, duration: 1 },
        { text: '', offset: 2, duration: 5 },
      ],
      'classic',
    );
    expect(result).toEqual({ segments: [{ text: "Don't stop", start: 0 }], end: 7 });
  });

  it('gives a caption without a readable time the previous start', () => {
    const result = normaliseCaptions(
      [
        { text: 'a', offset: 2, duration: 1 },
        { text: 'b', offset: Number.NaN, duration: Number.NaN },
      ],
      'classic',
    );
    expect(result.segments).toEqual([
      { text: 'a', start: 2 },
      { text: 'b', start: 2 },
    ]);
  });

  it('has no end without captions', () => {
    expect(normaliseCaptions([], 'srv3')).toEqual({ segments: [], end: null });
  });
});
