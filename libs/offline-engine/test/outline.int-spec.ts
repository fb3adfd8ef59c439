import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOutline, parseTimestamp, type TranscriptSegment } from '@lectern/contracts';
import { OfflineEngine } from '../src/offline-engine';
import { tenHourLecture } from '../bench/lectures/long-lectures';

// The offline outline on a real lecture: CS50's section on recursion (fixtures/README.md names its source and
// licence), its captions as YouTube would serve them, one segment per SubRip cue.

function readSrt(path: string): TranscriptSegment[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n\r?\n/u)
    .flatMap((cue) => {
      const [, timing, ...text] = cue.trim().split(/\r?\n/u);
      const start = /^(\d+):(\d\d):(\d\d),(\d{3}) -->/u.exec(timing ?? '');
      if (!start) return [];
      const seconds =
        Number(start[1]) * 3600 + Number(start[2]) * 60 + Number(start[3]) + Number(start[4]) / 1000;
      return [{ start: seconds, text: text.join(' ').trim() }];
    })
    .filter((segment) => segment.text !== '');
}

const recursion = readSrt(join(__dirname, 'fixtures/cs50-recursion.srt'));
const engine = new OfflineEngine();

async function outlineOf(segments: TranscriptSegment[]) {
  const { outputText } = await engine.generate({
    feature: 'outline',
    summaryLength: 'short',
    title: 'Recursion',
    segments,
  });
  return { text: outputText, outline: parseOutline(outputText) };
}

describe('the offline outline of CS50’s recursion section', () => {
  it('reads the whole fixture: thirteen minutes of captions', () => {
    expect(recursion.length).toBeGreaterThan(250);
    expect(recursion[recursion.length - 1]?.start).toBeGreaterThan(13 * 60);
  });

  it('cuts the lecture into a few sections in order, each starting where a caption starts', async () => {
    const { outline } = await outlineOf(recursion);
    const starts = new Set(recursion.map((segment) => Math.floor(segment.start)));
    expect(outline.sections.length).toBeGreaterThanOrEqual(3);
    expect(outline.sections.length).toBeLessThanOrEqual(6);
    const sectionStarts = outline.sections.map((section) => section.start);
    expect(sectionStarts).toEqual([...sectionStarts].sort((a, b) => a - b));
    expect(new Set(sectionStarts).size).toBe(sectionStarts.length);
    for (const section of outline.sections) expect(starts.has(section.start)).toBe(true);
  });

  it('gives each section a few key points said within it, at moments where captions start', async () => {
    const { outline } = await outlineOf(recursion);
    const starts = new Set(recursion.map((segment) => Math.floor(segment.start)));
    outline.sections.forEach((section, index) => {
      const end = outline.sections[index + 1]?.start ?? Infinity;
      expect(section.points.length).toBeGreaterThanOrEqual(1);
      expect(section.points.length).toBeLessThanOrEqual(3);
      for (const point of section.points) {
        expect(starts.has(point.start)).toBe(true);
        expect(point.start).toBeGreaterThanOrEqual(section.start);
        expect(point.start).toBeLessThan(end);
        expect(point.text.split(' ').length).toBeGreaterThanOrEqual(5);
      }
    });
  });

  it('titles each section with a different term the lecture says within that section', async () => {
    const { outline } = await outlineOf(recursion);
    const titles = outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    outline.sections.forEach((section, index) => {
      const end = outline.sections[index + 1]?.start ?? Infinity;
      const said = recursion
        .filter((segment) => segment.start >= section.start && segment.start < end)
        .map((segment) => segment.text.toLowerCase())
        .join(' ');
      expect(section.title.length).toBeLessThanOrEqual(60);
      expect(said).toContain(section.title.toLowerCase());
    });
  });

  it('is written as Markdown headings and moment bullets that both engines share', async () => {
    const { text, outline } = await outlineOf(recursion);
    const headings = text.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toHaveLength(outline.sections.length);
    for (const heading of headings)
      expect(parseTimestamp(/\[([\d:]+)\]/u.exec(heading)?.[1] ?? '')).not.toBeNull();
  });
});

it('outlines a ten-hour lecture in at most ten sections spread over its whole length', async () => {
  const segments = tenHourLecture();
  const { outline } = await outlineOf(segments);
  expect(outline.sections.length).toBeGreaterThanOrEqual(8);
  expect(outline.sections.length).toBeLessThanOrEqual(10);
  const last = outline.sections[outline.sections.length - 1]?.start ?? 0;
  expect(last).toBeGreaterThan(8 * 3600);
});
