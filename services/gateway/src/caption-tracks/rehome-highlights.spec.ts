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

  // A generous bound on a ratio of times, not a timing: a hundred times the highlights over the same transcript
  // must not cost anywhere near a hundred times as long, as one search of the transcript per highlight did
  // (2,000 highlights over 690 KB: about a second on the gateway's thread).
  it('reads the new transcript once, however many highlights moved', () => {
    const transcript = Array.from(
      { length: 12_000 },
      (_, i) => `segment ${i} of a lecture on hash tables`,
    ).join(' ');
    const highlightsOf = (count: number): PlacedHighlight[] =>
      Array.from({ length: count }, (_, i) => ({
        id: String(i),
        text: `a passage ${i} of hash tables`,
        startIndex: 0,
        endIndex: 20,
      }));
    const fastest = (highlights: PlacedHighlight[]) => {
      let best = Infinity;
      for (let run = 0; run < 3; run += 1) {
        const started = process.hrtime.bigint();
        expect(rehomeHighlights(highlights, transcript).dropped).toHaveLength(highlights.length);
        best = Math.min(best, Number(process.hrtime.bigint() - started));
      }
      return best;
    };
    const few = fastest(highlightsOf(20));
    const many = fastest(highlightsOf(2_000));
    expect(many / few).toBeLessThan(10);
  });
});
