import { judgeLecture, type LectureQuality } from '../bench/study-aid-quality-bench';
import { OfflineEngine } from '../src/offline-engine';
import { sampleLectures } from '../bench/lectures/catalogue';

// The offline engine's study aids judged from their Markdown alone, over every sample lecture: manual and
// speech-recognition captions, and the held-out lecture that no rule of the engine was written for.

const engine = new OfflineEngine();
const lectures = sampleLectures();
const judged = new Map<string, LectureQuality>();

beforeAll(async () => {
  for (const lecture of lectures) judged.set(lecture.id, await judgeLecture(engine, lecture));
});

describe.each(lectures.map((lecture) => [lecture.id, lecture.track, lecture.heldOut] as const))(
  'study aids of %s (%s captions, held out: %s)',
  (id) => {
    const quality = () => judged.get(id) as LectureQuality;

    it('cite only moments where a line of the transcript starts, in every feature', () => {
      for (const figures of quality().citations) expect(figures.missing).toEqual([]);
      expect(quality().citations.reduce((total, figures) => total + figures.cited, 0)).toBeGreaterThan(10);
    });

    it('ask flashcards about named subjects, each with its own answer, blanking whole terms', () => {
      const { cards, unnamed, repeatedAnswers, fragmentBlanks } = quality().flashcards;
      expect(cards).toBeGreaterThanOrEqual(4);
      expect({ unnamed, repeatedAnswers, fragmentBlanks }).toEqual({
        unnamed: [],
        repeatedAnswers: [],
        fragmentBlanks: [],
      });
    });

    it('plan at least four steps, every one an action', () => {
      const { steps, notActions } = quality().actionPlan;
      expect(steps).toBeGreaterThanOrEqual(4);
      expect(notActions).toEqual([]);
    });

    it('head blog sections with whole terms of the lecture', () => {
      const { headings, fragments } = quality().blog;
      expect(headings).toBeGreaterThanOrEqual(2);
      expect(fragments).toEqual([]);
    });
  },
);

it('covers manual and speech-recognition captions and a held-out lecture', () => {
  expect(lectures.some((lecture) => lecture.track === 'auto' && !lecture.heldOut)).toBe(true);
  expect(lectures.some((lecture) => lecture.track === 'manual' && !lecture.heldOut)).toBe(true);
  expect(lectures.filter((lecture) => lecture.heldOut).length).toBeGreaterThanOrEqual(1);
});
