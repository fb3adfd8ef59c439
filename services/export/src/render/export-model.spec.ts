import { buildExportModel, paragraphColors } from './export-model';

const base = {
  title: 'T',
  channelName: 'C',
  youtubeId: 'id',
  duration: 60,
  exportedAt: new Date(0),
  notes: '',
  aiContent: [],
};

describe('buildExportModel', () => {
  it('groups segments into paragraphs at sentence ends after 30 s and always after 60 s', () => {
    const segments = Array.from({ length: 30 }, (_, i) => ({
      text: i % 4 === 3 ? `s${i}.` : `w${i}`,
      start: i * 3,
    }));
    const model = buildExportModel({ ...base, segments, highlights: [] });
    expect(model.paragraphs.map((p) => p.start)).toEqual([0, 36, 72]);
    expect(model.paragraphs[0]?.text.startsWith('w0 w1 w2 s3.')).toBe(true);

    // Speech that never ends a sentence still breaks every 60 s.
    const unpunctuated = Array.from({ length: 30 }, (_, i) => ({ text: `w${i}`, start: i * 5 }));
    const long = buildExportModel({ ...base, segments: unpunctuated, highlights: [] });
    expect(long.paragraphs.map((p) => p.start)).toEqual([0, 60, 120]);
    expect(long.paragraphs[1]?.text).toBe(
      unpunctuated
        .slice(12, 24)
        .map((segment) => segment.text)
        .join(' '),
    );
  });

  it('maps highlight offsets in the transcript text onto paragraphs and timestamps', () => {
    const segments = [
      { text: 'one two', start: 0 },
      { text: 'three four', start: 65 },
    ];
    const model = buildExportModel({
      ...base,
      segments,
      highlights: [{ text: 'four', startIndex: 14, endIndex: 18, color: 'blue' }],
    });
    expect(model.highlights).toEqual([{ start: 65, color: 'blue', text: 'four' }]);
    const second = model.paragraphs[1];
    if (!second) throw new Error('two paragraphs expected');
    expect(paragraphColors(second, model.colored)).toEqual([
      { start: 0, end: 6, color: null },
      { start: 6, end: 10, color: 'blue' },
    ]);
  });
});

describe('an outline in the export', () => {
  it('is its sections as headings and its key points as bullets, each keeping its moment', () => {
    const model = buildExportModel({
      ...base,
      language: 'en',
      segments: [{ text: 'Hello.', start: 0 }],
      highlights: [],
      aiContent: [
        {
          featureType: 'outline',
          summaryLength: null,
          outputText:
            '## [0:00] Factorial\n\n- [2:15] The factorial of 3 is 6.\n\n## [8:09] Collatz\n\n- [9:43] It applies to every positive integer.',
          engine: 'openai',
        },
      ],
    });
    const [section] = model.aiSections;
    expect(section?.heading).toBe('Outline');
    const text = (spans: { text: string }[]) => spans.map((span) => span.text).join('');
    expect(
      section?.blocks.map((block) =>
        block.kind === 'heading' || block.kind === 'bullet'
          ? `${block.kind}: ${text(block.spans)}`
          : block.kind,
      ),
    ).toEqual([
      'heading: [0:00] Factorial',
      'bullet: [2:15] The factorial of 3 is 6.',
      'heading: [8:09] Collatz',
      'bullet: [9:43] It applies to every positive integer.',
    ]);
  });
});
