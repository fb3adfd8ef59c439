import type { TranscriptSegment } from '@lectern/contracts';

// Caption tracks cut from a lecture's punctuated text (paragraphs separated by blank lines), as a human captioner
// and as speech recognition would write them.

interface TimedWord {
  word: string;
  start: number;
  endsSentence: boolean;
}

// A lecturer's pace: two words a second, a short pause after each sentence and a longer one between paragraphs.
const SECONDS_PER_WORD = 0.5;
const SENTENCE_PAUSE = 0.7;
const PARAGRAPH_PAUSE = 1.4;

const endsSentence = (word: string) => /[.!?]["'”’)]*$/.test(word);

function timedWords(text: string): TimedWord[] {
  const words: TimedWord[] = [];
  let clock = 0;
  for (const paragraph of text.split(/\n\s*\n/)) {
    const tokens = paragraph.trim().split(/\s+/);
    tokens.forEach((word, index) => {
      const ends = endsSentence(word);
      words.push({ word, start: Math.round(clock * 100) / 100, endsSentence: ends });
      clock += SECONDS_PER_WORD;
      if (ends) clock += index === tokens.length - 1 ? PARAGRAPH_PAUSE : SENTENCE_PAUSE;
    });
  }
  return words;
}

/** Caption lines as a human captioner writes them: punctuated, cut by length, often mid-sentence. */
export function punctuatedCaptions(text: string): TranscriptSegment[] {
  const sizes = [9, 11, 8, 12, 10, 7];
  const words = timedWords(text);
  const segments: TranscriptSegment[] = [];
  for (let index = 0, cut = 0; index < words.length; cut += 1) {
    const slice = words.slice(index, index + (sizes[cut % sizes.length] ?? 10));
    segments.push({ text: slice.map((w) => w.word).join(' '), start: slice[0]?.start ?? 0 });
    index += slice.length;
  }
  return segments;
}

/**
 * Caption lines as YouTube's speech recognition writes them: lower case, no punctuation, at most eight words,
 * with new lines where the speaker pauses.
 */
export function autoCaptions(text: string): TranscriptSegment[] {
  const words = timedWords(text);
  const segments: TranscriptSegment[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    segments.push({ text: current.map((w) => spoken(w.word)).join(' '), start: current[0]?.start ?? 0 });
    current = [];
  };
  for (const word of words) {
    current.push(word);
    if (word.endsSentence || current.length >= 8) flush();
  }
  flush();
  return segments;
}

/** A word as speech recognition writes it: lower case, without punctuation ("" for a dash or a lone symbol). */
export function spoken(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^a-z0-9'-]/g, '')
    .replace(/^-+|-+$/g, '');
}

/** A small deterministic generator, so a lecture's timings are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Speech recognition as it really cuts a talk: runs of 3 to 9 words, about two and a half words a second with
 * irregular pauses (longer after most sentences, some in mid-sentence), lines that start wherever the recogniser
 * decided to cut rather than at sentence ends.
 */
export function speechCaptions(text: string, seed = 7): TranscriptSegment[] {
  const random = seededRandom(seed);
  const segments: TranscriptSegment[] = [];
  let clock = 1.5;
  let line: { text: string; start: number }[] = [];
  let size = 3 + Math.floor(random() * 7);
  const flush = () => {
    const first = line[0];
    if (first)
      segments.push({
        text: line.map((word) => word.text).join(' '),
        start: Math.round(first.start * 100) / 100,
      });
    line = [];
    size = 3 + Math.floor(random() * 7);
  };
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const word of paragraph.trim().split(/\s+/)) {
      const said = spoken(word);
      if (said === '') continue;
      line.push({ text: said, start: clock });
      clock += 0.25 + random() * 0.2;
      let pause = 0;
      if (endsSentence(word)) pause = random() < 0.8 ? 0.3 + random() * 0.9 : 0.05;
      else if (/[,;:]$/.test(word)) pause = random() * 0.5;
      else if (random() < 0.06) pause = 0.4 + random() * 0.8;
      clock += pause;
      if (line.length >= size || (pause > 0.9 && line.length >= 3)) flush();
    }
    clock += 0.8 + random();
  }
  flush();
  return segments;
}

/** The transcript text as the product stores it: the segments' texts joined by one space. */
export function transcriptText(segments: readonly TranscriptSegment[]): string {
  return segments.map((segment) => segment.text).join(' ');
}

/**
 * Where the lecture's sentences really end in an unpunctuated track cut from `text`: the character offset just
 * past each sentence's last word in transcriptText(segments).
 */
export function sentenceEndsIn(text: string, segments: readonly TranscriptSegment[]): number[] {
  const written: { word: string; end: number }[] = [];
  for (const match of transcriptText(segments).matchAll(/\S+/g)) {
    written.push({ word: match[0], end: (match.index ?? 0) + match[0].length });
  }
  const ends: number[] = [];
  let next = 0;
  let lastEnd = 0;
  for (const word of text.split(/\s+/)) {
    const said = spoken(word);
    if (said === '') continue;
    // A word the track wrote otherwise ("e.g." as "e g") is passed over; the next few words find the place again.
    const found = written.slice(next, next + 4).findIndex((candidate) => candidate.word === said);
    if (found >= 0) {
      lastEnd = written[next + found]?.end ?? lastEnd;
      next += found + 1;
    }
    if (endsSentence(word)) ends.push(lastEnd);
  }
  return ends;
}
