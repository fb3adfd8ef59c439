import { rehomeHighlights, type PlacedHighlight } from './rehome-highlights';

const at = (text: string, transcript: string, id = text): PlacedHighlight => {
  const startIndex = transcript.indexOf(text);
  if (startIndex === -1) throw new Error(`"${text}" is not in the transcript`);
  return { id, text, startIndex, endIndex: startIndex + text.length };
};

const MANUAL = 'Welcome back. Photosynthesis turns light into sugar. Light matters.';

describe('rehomeHighlights', () => {
  it('keeps a highlight whose text is still at its offsets', () => {
    const highlight = at('Photosynthesis turns', MANUAL);
    const other = `${MANUAL.slice(0, highlight.endIndex)} it all.`;
    expect(rehomeHighlights([highlight], other)).toEqual({ kept: [highlight], dropped: [] });
  });

  it('moves a highlight to the one place its text now is', () => {
    const highlight = at('turns light into sugar', MANUAL);
    const auto = 'welcome back photosynthesis turns light into sugar light matters';
    const { kept, dropped } = rehomeHighlights([highlight], auto);
    expect(dropped).toEqual([]);
    expect(kept).toHaveLength(1);
    const [moved] = kept;
    expect(auto.slice(moved!.startIndex, moved!.endIndex)).toBe('turns light into sugar');
    expect(moved!.startIndex).not.toBe(highlight.startIndex);
  });

  it('drops a highlight whose text is gone (case counts)', () => {
    const highlight = at('Photosynthesis', MANUAL);
    const auto = 'welcome back photosynthesis turns light into sugar light matters';
    expect(rehomeHighlights([highlight], auto)).toEqual({ kept: [], dropped: [highlight] });
  });

  it('drops a highlight whose text is elsewhere in several places', () => {
    const highlight = at('ligh', MANUAL);
    const moved = `Now: ${MANUAL.toLowerCase()}`;
    expect(rehomeHighlights([highlight], moved).dropped).toEqual([highlight]);
  });

  it('treats overlapping occurrences as several places', () => {
    const highlight: PlacedHighlight = { id: 'h', text: 'aa', startIndex: 0, endIndex: 2 };
    expect(rehomeHighlights([highlight], 'b aaa').dropped).toEqual([highlight]);
  });

  it('sorts many highlights into kept and dropped', () => {
    const highlights = [at('Welcome back.', MANUAL), at('Photosynthesis', MANUAL), at('matters', MANUAL)];
    const spanish = 'Bienvenidos. La fotosíntesis convierte la luz. Welcome back. Light matters.';
    const { kept, dropped } = rehomeHighlights(highlights, spanish);
    expect(kept.map((h) => h.id)).toEqual(['Welcome back.', 'matters']);
    expect(dropped.map((h) => h.id)).toEqual(['Photosynthesis']);
  });

  // One search of the transcript per highlight cost about a second on the gateway's thread for 2,000 highlights
  // over 690 KB; the transcript is now read once for all of them, however many moved.
  it('reads the new transcript once, however many highlights moved', () => {
    const transcript = Array.from(
      { length: 2_000 },
      (_, i) => `segment ${i} of a lecture on hash tables`,
    ).join(' ');
    const highlights: PlacedHighlight[] = Array.from({ length: 2_000 }, (_, i) => ({
      id: String(i),
      text: `a passage ${i} of hash tables`,
      startIndex: 0,
      endIndex: 20,
    }));
    const indexOf = jest.spyOn(String.prototype, 'indexOf');
    try {
      expect(rehomeHighlights(highlights, transcript).dropped).toHaveLength(highlights.length);
      const transcriptScans = indexOf.mock.contexts.filter((text) => String(text) === transcript);
      expect(transcriptScans).toHaveLength(0);
    } finally {
      indexOf.mockRestore();
    }
  });
});
