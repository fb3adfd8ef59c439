import type { TranscriptSegment } from '@lectern/contracts';
import MiniSearch from 'minisearch';
import { searchTerm, termsOf, wordsOf } from './search-terms';

/** A stretch of the transcript the index can find: one sentence, or a window of consecutive segments. */
export interface Passage {
  kind: 'sentence' | 'window';
  /** Inclusive segment range. */
  firstSegment: number;
  lastSegment: number;
  text: string;
}

/** A passage found for a question, with how well it matches it. */
export interface PassageHit {
  passage: Passage;
  /** MiniSearch's BM25 score. */
  score: number;
  /** The share of the question's search terms the passage contains, 0 to 1. */
  coverage: number;
  /** How many search terms the question has. */
  terms: number;
}

// A window spans consecutive segments up to about this many words; windows overlap by half.
const WINDOW_WORDS = 60;
// Longer "sentences" are run-on captions: windows cover those.
const MAX_SENTENCE_WORDS = 60;
const MIN_SENTENCE_WORDS = 4;

/**
 * A BM25 index (MiniSearch) over one transcript's sentences and segment windows: sentences to quote, windows to
 * give a model enough context around them. Built once per transcript and kept by TranscriptIndexCache.
 */
export class TranscriptIndex {
  readonly segments: readonly TranscriptSegment[];
  readonly passages: Passage[];
  /**
   * About what the index holds in memory: three times the UTF-16 bytes of its segments' and passages' text (for a
   * ten-hour lecture the heap grows by 12.5 MB when its index is built; this estimate says 11.9 MB).
   */
  readonly bytes: number;
  private readonly sentenceCount: number;
  private readonly search: MiniSearch<{ id: number; text: string }>;

  constructor(segments: readonly TranscriptSegment[]) {
    this.segments = segments.map((segment) => ({
      start: segment.start,
      text: segment.text.replace(/\s+/g, ' ').trim(),
    }));
    const sentences = sentencesOf(this.segments);
    this.sentenceCount = sentences.length;
    this.passages = [...sentences, ...windowsOf(this.segments)];
    this.search = new MiniSearch({
      fields: ['text'],
      storeFields: [],
      tokenize: wordsOf,
      processTerm: searchTerm,
    });
    this.search.addAll(this.passages.map((passage, id) => ({ id, text: passage.text })));
    let characters = 0;
    for (const { text } of [...this.segments, ...this.passages]) characters += text.length;
    this.bytes = 3 * 2 * characters;
  }

  /** How many segment windows the index holds. */
  get windowCount(): number {
    return this.passages.length - this.sentenceCount;
  }

  /** Seconds where a segment starts. */
  startOf(segment: number): number {
    return this.segments[segment]?.start ?? 0;
  }

  /** The best passages of one kind for a question, best first. */
  find(question: string, kind: Passage['kind'], limit: number): PassageHit[] {
    const wanted = termsOf(question);
    if (wanted.length === 0) return [];
    const hits: PassageHit[] = [];
    // The question's terms are already processed: processing a stem again changes it (recursion → recurs → recur).
    const results = this.search.search(wanted.join(' '), {
      tokenize: (terms) => terms.split(' '),
      processTerm: (term) => term,
      filter: (result) => this.passages[result.id as number]?.kind === kind,
      combineWith: 'OR',
    });
    for (const result of results) {
      const passage = this.passages[result.id as number];
      if (!passage) continue;
      hits.push({
        passage,
        score: result.score,
        coverage: result.queryTerms.length / wanted.length,
        terms: wanted.length,
      });
      if (hits.length >= limit) break;
    }
    return hits;
  }
}

/**
 * Sentences across segment boundaries (captions often cut a sentence in two), found at sentence punctuation.
 * Speech-recognition captions have none; their segments are the sentences then.
 */
function sentencesOf(segments: readonly TranscriptSegment[]): Passage[] {
  const passages: Passage[] = [];
  let words: string[] = [];
  let first = 0;
  const flush = (last: number) => {
    if (words.length >= MIN_SENTENCE_WORDS && words.length <= MAX_SENTENCE_WORDS) {
      passages.push({ kind: 'sentence', firstSegment: first, lastSegment: last, text: words.join(' ') });
    }
    words = [];
  };
  const punctuated = segments.some((segment) => /[.!?]["')\]]?$/.test(segment.text));
  segments.forEach((segment, index) => {
    if (!punctuated) {
      first = index;
      words = segment.text.split(' ').filter(Boolean);
      flush(index);
      return;
    }
    for (const word of segment.text.split(' ')) {
      if (word === '') continue;
      if (words.length === 0) first = index;
      words.push(word);
      if (/[.!?]["')\]]?$/.test(word) || words.length > MAX_SENTENCE_WORDS) flush(index);
    }
  });
  flush(segments.length - 1);
  return passages;
}

/** Windows of consecutive segments of about WINDOW_WORDS words, each starting halfway through the previous. */
function windowsOf(segments: readonly TranscriptSegment[]): Passage[] {
  const wordCounts = segments.map((segment) => segment.text.split(' ').filter(Boolean).length);
  const passages: Passage[] = [];
  let first = 0;
  while (first < segments.length) {
    let last = first;
    let words = wordCounts[first] ?? 0;
    let half = first;
    while (last + 1 < segments.length && words + (wordCounts[last + 1] ?? 0) <= WINDOW_WORDS) {
      last += 1;
      words += wordCounts[last] ?? 0;
      if (words <= WINDOW_WORDS / 2) half = last;
    }
    const text = segments
      .slice(first, last + 1)
      .map((segment) => segment.text)
      .join(' ');
    if (text !== '') passages.push({ kind: 'window', firstSegment: first, lastSegment: last, text });
    if (last === segments.length - 1) break;
    first = Math.max(first + 1, half + 1);
  }
  return passages;
}
