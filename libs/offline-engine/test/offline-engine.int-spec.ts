import {
  FEATURE_TYPES,
  formatTimestamp,
  TIMESTAMP_PATTERN,
  type FeatureType,
  type SummaryLength,
  type TranscriptSegment,
} from '@lectern/contracts';
import { PermanentJobError } from '@lectern/queue-runtime';
import {
  countSentences,
  headings,
  paragraphs,
  parseFlashcards,
  parseNumberedSteps,
  parseTimestampedBullets,
  parseTweets,
  section,
} from '../src/writing/markdown-shapes';
import { benchOfflineEngine } from '../bench/offline-bench';
import { OFFLINE_MODEL, OfflineEngine } from '../src/offline-engine';
import { transcriptText } from '../bench/lectures/caption-builders';
import { LECTURE_TITLE } from '../bench/lectures/memory-lecture';
import { autoCaptionLecture, punctuatedLecture } from '../bench/lectures/memory-lecture-captions';
import { tenHourLecture } from '../bench/lectures/long-lectures';

const engine = new OfflineEngine();

async function write(
  segments: TranscriptSegment[],
  feature: FeatureType,
  summaryLength: SummaryLength = 'short',
  title: string | null = LECTURE_TITLE,
) {
  const result = await engine.generate({ feature, summaryLength, title, segments });
  expect(result).toMatchObject({ engine: 'offline', model: OFFLINE_MODEL });
  return result.outputText;
}

// Compares text regardless of case, punctuation and spacing, as a reader would.
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9']+/g, ' ')
    .trim();
}

function timestampsOf(segments: readonly TranscriptSegment[]): Set<string> {
  return new Set(segments.map((segment) => formatTimestamp(segment.start)));
}

describe.each([
  ['punctuated captions', punctuatedLecture],
  ['unpunctuated lower-case auto-captions', autoCaptionLecture],
])('offline engine on a ten-minute lecture with %s', (_name, segments) => {
  const transcript = normalise(transcriptText(segments));
  const found = (text: string) => transcript.includes(normalise(text));

  it('is a ten-minute lecture', () => {
    expect(segments.at(-1)?.start).toBeGreaterThan(8 * 60);
  });

  it('writes a micro summary of one or two sentences', async () => {
    const text = await write(segments, 'summary', 'micro');
    expect(paragraphs(text)).toHaveLength(1);
    expect(countSentences(text)).toBeGreaterThanOrEqual(1);
    expect(countSentences(text)).toBeLessThanOrEqual(2);
  });

  it('writes a short summary of one paragraph', async () => {
    const text = await write(segments, 'summary', 'short');
    expect(paragraphs(text)).toHaveLength(1);
    expect(countSentences(text)).toBeGreaterThanOrEqual(3);
  });

  it('writes a detailed summary of at least three paragraphs, longer than the short one', async () => {
    const text = await write(segments, 'summary', 'detailed');
    const short = await write(segments, 'summary', 'short');
    expect(paragraphs(text).length).toBeGreaterThanOrEqual(3);
    expect(text.length).toBeGreaterThan(short.length);
  });

  it('writes insights whose timestamps exist in the transcript', async () => {
    const text = await write(segments, 'insights');
    const bullets = parseTimestampedBullets(text);
    expect(bullets.length).toBeGreaterThanOrEqual(5);
    expect(text.split('\n').filter((line) => line.trim() !== '')).toHaveLength(bullets.length);
    const stamps = timestampsOf(segments);
    for (const bullet of bullets) {
      expect(stamps.has(bullet.timestamp)).toBe(true);
      expect(found(bullet.text)).toBe(true);
    }
  });

  it('writes at least five flashcards, definitions and cloze, whose answers are in the transcript', async () => {
    const cards = parseFlashcards(await write(segments, 'flashcards'));
    expect(cards.length).toBeGreaterThanOrEqual(5);
    for (const card of cards) expect(found(card.answer)).toBe(true);
    const definitions = cards.filter((card) => /^What (is|are) /.test(card.question));
    const cloze = cards.filter((card) => card.question.startsWith('Fill in the blank: '));
    expect(definitions.length).toBeGreaterThanOrEqual(3);
    expect(definitions.map((card) => card.question)).toContain('What is spaced repetition?');
    expect(cloze.length).toBeGreaterThanOrEqual(1);
    for (const card of cloze) {
      expect(card.question).toContain('_____');
      expect(found(card.question.replace('Fill in the blank: ', '').replace('_____', card.answer))).toBe(
        true,
      );
    }
  });

  it('writes Cornell notes with Cues, Notes and Summary', async () => {
    const text = await write(segments, 'cornell_notes');
    expect(headings(text, 2)).toEqual(['Cues', 'Notes', 'Summary']);
    expect(
      (section(text, 'Cues') ?? '').split('\n').filter((line) => line.startsWith('- ')).length,
    ).toBeGreaterThanOrEqual(5);
    const notes = parseTimestampedBullets(section(text, 'Notes') ?? '');
    expect(notes.length).toBeGreaterThanOrEqual(5);
    for (const note of notes) expect(timestampsOf(segments).has(note.timestamp)).toBe(true);
    expect(paragraphs(section(text, 'Summary') ?? '')).toHaveLength(1);
  });

  it('writes a numbered thread whose every tweet fits 280 characters', async () => {
    const text = await write(segments, 'tweet');
    const tweets = parseTweets(text);
    expect(tweets.length).toBeGreaterThanOrEqual(5);
    expect(tweets).toHaveLength(paragraphs(text).length);
    tweets.forEach((tweet, index) => {
      expect(tweet.number).toBe(index + 1);
      expect(tweet.total).toBe(tweets.length);
      expect(tweet.text.length).toBeLessThanOrEqual(280);
    });
  });

  it('keeps tweets within 280 characters even for a very long title', async () => {
    const tweets = parseTweets(await write(segments, 'tweet', 'short', 'A very long title '.repeat(30)));
    expect(tweets.length).toBeGreaterThanOrEqual(5);
    for (const tweet of tweets) expect(tweet.text.length).toBeLessThanOrEqual(280);
  });

  it('writes a blog post with a title, sections and key takeaways', async () => {
    const text = await write(segments, 'blog');
    expect(headings(text, 1)).toEqual([LECTURE_TITLE]);
    const sections = headings(text, 2);
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(sections.at(-1)).toBe('Key takeaways');
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('writes an action plan of numbered steps from the advice in the lecture', async () => {
    const steps = parseNumberedSteps(await write(segments, 'action_plan'));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const stamps = timestampsOf(segments);
    for (const step of steps) {
      const stamp = new RegExp(String.raw`\((${TIMESTAMP_PATTERN})\)$`).exec(step)?.[1] ?? '';
      expect(stamps.has(stamp)).toBe(true);
      expect(found(step.replace(new RegExp(String.raw`\s*\(${TIMESTAMP_PATTERN}\)$`), ''))).toBe(true);
      expect(step).toMatch(/^[A-Z]/);
    }
    const plan = normalise(steps.join(' '));
    expect(plan).toContain('make sure you space your sessions across days');
    expect(plan).not.toContain('closing the book');
  });

  it('is deterministic and names a title when the video has none', async () => {
    for (const feature of FEATURE_TYPES) {
      expect(await write(segments, feature, 'short', null)).toBe(
        await write(segments, feature, 'short', null),
      );
    }
    expect(headings(await write(segments, 'blog', 'short', null), 1)[0]).toMatch(/^Notes on /);
  });
});

describe('offline engine edge cases', () => {
  it('refuses a transcript without words as unusable (422)', async () => {
    const error: unknown = await engine
      .generate({
        feature: 'summary',
        summaryLength: 'short',
        title: null,
        segments: [{ text: ' ', start: 0 }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as PermanentJobError).status).toBe(422);
  });

  it('writes nothing for a job stopped before the engine starts', async () => {
    const controller = new AbortController();
    const reason = new Error('the worker is stopping');
    controller.abort(reason);
    const request = {
      feature: 'summary',
      summaryLength: 'short',
      title: null,
      segments: punctuatedLecture,
    } as const;
    await expect(engine.generate(request, controller.signal)).rejects.toBe(reason);
  });

  it('copes with a transcript of one short sentence', async () => {
    const segments = [{ text: 'Photosynthesis turns light into chemical energy.', start: 3 }];
    for (const feature of FEATURE_TYPES) {
      const text = await write(segments, feature, 'detailed', null);
      expect(text.trim()).not.toBe('');
    }
  });

  it('writes every feature of a ten-hour lecture with timestamps from it', async () => {
    const segments = tenHourLecture();
    const stamps = timestampsOf(segments);
    const insights = parseTimestampedBullets(await write(segments, 'insights'));
    expect(insights.length).toBeGreaterThanOrEqual(8);
    for (const bullet of insights) expect(stamps.has(bullet.timestamp)).toBe(true);
    expect(new Set(insights.map((bullet) => bullet.text)).size).toBe(insights.length);
    expect(paragraphs(await write(segments, 'summary', 'detailed')).length).toBeGreaterThanOrEqual(3);
    expect(parseFlashcards(await write(segments, 'flashcards')).length).toBeGreaterThanOrEqual(10);
    const tweets = parseTweets(await write(segments, 'tweet'));
    expect(tweets.length).toBeGreaterThanOrEqual(5);
    for (const tweet of tweets) expect(tweet.text.length).toBeLessThanOrEqual(280);
  });
});

describe('offline benchmark', () => {
  // Only the report's shape: the times themselves are `npm run bench` figures, with their targets.
  it('times every feature and length, on manual and speech-recognition captions, and reports peak memory', async () => {
    const report = await benchOfflineEngine({ hours: [0.25] });
    const features = [
      'summary',
      'summary',
      'summary',
      'insights',
      'flashcards',
      'cornell_notes',
      'outline',
      'quiz',
      'tweet',
      'blog',
      'action_plan',
    ];
    expect(report.figures.map((figure) => [figure.transcript, figure.feature])).toEqual([
      ...features.map((feature) => ['0.25 h', feature]),
      ...features.map((feature) => ['0.25 h, auto captions', feature]),
    ]);
    for (const figure of report.figures) {
      expect(figure.segments).toBe(300);
      expect(figure.ms).toBeGreaterThan(0);
    }
    expect(report.peakRssMb).toBeGreaterThan(0);
  });
});
