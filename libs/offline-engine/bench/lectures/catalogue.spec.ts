import { transcriptText } from './caption-builders';
import { sampleLectures } from './catalogue';

describe('sampleLectures', () => {
  const lectures = sampleLectures();

  it('gives each lecture a unique id, a title and timed segments', () => {
    expect(new Set(lectures.map((lecture) => lecture.id)).size).toBe(lectures.length);
    for (const lecture of lectures) {
      expect(lecture.title).not.toBe('');
      expect(lecture.segments.length).toBeGreaterThan(50);
    }
  });

  it('holds one lecture out, in a manual and an auto track', () => {
    const heldOut = lectures.filter((lecture) => lecture.heldOut);
    expect(heldOut.map((lecture) => lecture.track).sort()).toEqual(['auto', 'manual']);
    expect(new Set(heldOut.map((lecture) => lecture.title)).size).toBe(1);
  });

  it('keeps the true sentence ends of every unpunctuated track, at word ends of its text', () => {
    for (const lecture of lectures.filter((candidate) => candidate.track === 'auto')) {
      const text = transcriptText(lecture.segments);
      expect(text).not.toMatch(/[.,?!A-Z]/);
      expect(lecture.sentenceEnds?.length).toBeGreaterThan(50);
      for (const end of lecture.sentenceEnds ?? []) expect(text.charAt(end)).toMatch(/^ ?$/);
    }
  });

  it('lasts eight to twelve minutes of speech for each new lecture', () => {
    for (const id of ['plate-tectonics', 'french-revolution-auto', 'held-out', 'held-out-auto']) {
      const lecture = lectures.find((candidate) => candidate.id === id);
      const words = transcriptText(lecture?.segments ?? []).split(' ').length;
      expect(words).toBeGreaterThanOrEqual(1000);
      expect(words).toBeLessThanOrEqual(1600);
      expect(lecture?.segments.at(-1)?.start).toBeGreaterThan(8 * 60);
    }
  });
});
