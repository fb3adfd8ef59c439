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
