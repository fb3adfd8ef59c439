import { autoCaptions, renderClassic, renderSrv3, timeLines } from './captions';
import { TEN_HOUR_SEGMENTS, buildCatalogue, tenHourCaptions } from './catalogue';
import { LECTURES } from './lectures';

describe('caption rendering', () => {
  const captions = [{ start: 1.5, dur: 2, text: `It's "AT&T" <now>` }];

  it('writes classic captions in seconds, encoded twice as YouTube does', () => {
    expect(renderClassic(captions, { doubleEncode: true })).toBe(
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
        '<text start="1.5" dur="2">It&amp;#39;s &amp;quot;AT&amp;amp;T&amp;quot; &amp;lt;now&amp;gt;</text></transcript>',
    );
  });

  it('writes srv3 captions in milliseconds', () => {
    const xml = renderSrv3(captions, { doubleEncode: false }, false);
    expect(xml).toContain('<timedtext format="3">');
    expect(xml).toContain('<p t="1500" d="2000">It&#39;s &quot;AT&amp;T&quot; &lt;now&gt;</p>');
  });

  it('times each word of auto-generated srv3 captions', () => {
    const auto = autoCaptions(timeLines(['Hello there, students. Today: hash tables!']), 4);
    expect(auto.map((caption) => caption.text)).toEqual(['hello there students today', 'hash tables']);
    const xml = renderSrv3(auto, { doubleEncode: false }, true);
    expect(xml).toMatch(/<p t="1200" d="\d+" w="1"><s ac="0">hello<\/s><s t="\d+" ac="0"> there<\/s>/);
    expect(xml).toContain('a="1">\n</p>');
  });
});

describe('catalogue', () => {
  it('has sample lectures of a few minutes with manual captions', () => {
    for (const lecture of LECTURES) {
      const lines = timeLines(lecture.lines);
      const end = (lines.at(-1)?.start ?? 0) + (lines.at(-1)?.dur ?? 0);
      expect(end).toBeGreaterThan(90);
      expect(lecture.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
  });

  it('uses YouTube-shaped ids for every video', () => {
    for (const id of buildCatalogue().keys()) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('generates the same 10-hour transcript every time', () => {
    const first = tenHourCaptions();
    expect(first).toHaveLength(TEN_HOUR_SEGMENTS);
    expect(first.at(-1)?.start).toBe(35_997);
    expect(tenHourCaptions()).toEqual(first);
  });
});
