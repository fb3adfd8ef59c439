import type { TranscriptSegment } from '@lectern/contracts';
import MiniSearch from 'minisearch';
import { linesAround } from '../reading/lines-around';
import type { TermsOfWords } from './answer-shapes';
import { TermReader } from './search-terms';

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
  /** The question's search terms the passage holds. */
  held: readonly string[];
}

/** Every passage of one kind that holds a term of a question, and how many of them hold each of its terms. */
export interface PassageMatches {
  /** The question's search terms. */
  terms: readonly string[];
  /** Best BM25 score first. */
  hits: PassageHit[];
  /** Of the question's search terms, how many passages hold each (a term no passage holds is absent). */
  frequency: ReadonlyMap<string, number>;
}

// A window spans consecutive segments up to about this many words; windows overlap by half.
const WINDOW_WORDS = 60;
// Longer "sentences" are run-on captions: windows cover those.
const MAX_SENTENCE_WORDS = 60;
const MIN_SENTENCE_WORDS = 4;
// A sentence ends at . ! ? (or 。！？), a closing quote or bracket allowed after it.
const SENTENCE_END = /[.!?。！？]["')\]」』）]?$/;

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
  /** Whether the captions are punctuated; without punctuation, each caption line is indexed as a sentence. */
  readonly punctuated: boolean;
  private readonly sentenceCount: number;
  private readonly search: MiniSearch<{ id: number; text: string }>;

  private readonly reader: TermReader;

  /** `language`: the transcript's language code, null (or 'und') when unknown. */
  constructor(segments: readonly TranscriptSegment[], language: string | null = null) {
    this.segments = segments.map((segment) => ({
      start: segment.start,
      text: segment.text.replace(/\s+/g, ' ').trim(),
    }));
    const sample = this.segments
      .slice(0, 200)
      .map((segment) => segment.text)
      .join(' ');
    this.reader = new TermReader(language, sample);
    this.punctuated = this.segments.some((segment) => SENTENCE_END.test(segment.text));
    const sentences = sentencesOf(this.segments, this.reader, this.punctuated);
    this.sentenceCount = sentences.length;
    this.passages = [...sentences, ...windowsOf(this.segments, this.reader)];
    this.search = new MiniSearch({
      fields: ['text'],
      storeFields: [],
      tokenize: (text) => this.reader.words(text),
      processTerm: (term) => this.reader.term(term),
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

  /** Whether the transcript is read as English. */
  get english(): boolean {
    return this.reader.readsEnglish;
  }

  /** Of a question's search terms, the ones that name what it asks about (not "work" in "How does X work?"). */
  topicTerms(terms: readonly string[]): string[] {
    return terms.filter((term) => !this.reader.framesQuestion(term));
  }

  /** The distinct search terms of a text, as the index reads them. */
  termsOf(text: string): string[] {
    return this.reader.terms(text);
  }

  /** A text's words and each one's search term (null for a word that carries none), in the order said. */
  termsOfWords(text: string): TermsOfWords {
    const words = this.reader.words(text);
    return { words, terms: words.map((word) => this.reader.term(word)) };
  }

  /** The sentence said after a sentence passage, if any. */
  sentenceAfter(passage: Passage): Passage | undefined {
    const next = this.passages[this.passages.indexOf(passage) + 1];
    return next?.kind === 'sentence' ? next : undefined;
  }

  /** The search terms said around a passage: in it and in about half a window's words on each side. */
  termsAround(passage: Passage): Set<string> {
    const [first, last] = linesAround(
      this.segments,
      passage.firstSegment,
      passage.lastSegment,
      WINDOW_WORDS / 2,
    );
    const text = this.segments
      .slice(first, last + 1)
      .map((segment) => segment.text)
      .join(' ');
    return new Set(this.reader.terms(text));
  }

  /** The best passages of one kind for a question, best first. */
  find(question: string, kind: Passage['kind'], limit: number): PassageHit[] {
    return this.match(question, kind, limit).hits;
  }

  /** Every passage of one kind that holds a term of the question, best first. */
  matchAll(question: string, kind: Passage['kind']): PassageMatches {
    return this.match(question, kind, Number.POSITIVE_INFINITY);
  }

  private match(question: string, kind: Passage['kind'], limit: number): PassageMatches {
    const wanted = this.reader.terms(question);
    const frequency = new Map<string, number>();
    if (wanted.length === 0) return { terms: wanted, hits: [], frequency };
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
        held: result.queryTerms,
      });
      for (const term of result.queryTerms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
      if (hits.length >= limit) break;
    }
    return { terms: wanted, hits, frequency };
  }
}

/**
 * Sentences across segment boundaries (captions often cut a sentence in two), found at sentence punctuation.
 * Speech-recognition captions have none; their segments are the sentences then.
 */
function sentencesOf(
  segments: readonly TranscriptSegment[],
  reader: TermReader,
  punctuated: boolean,
): Passage[] {
  const passages: Passage[] = [];
  let pieces: string[] = [];
  let words = 0;
  let first = 0;
  const flush = (last: number) => {
    if (words >= MIN_SENTENCE_WORDS && words <= MAX_SENTENCE_WORDS) {
      passages.push({ kind: 'sentence', firstSegment: first, lastSegment: last, text: pieces.join(' ') });
    }
    pieces = [];
    words = 0;
  };
  // The rest of a sentence too long to quote is no sentence either: it is skipped to the next sentence end.
  let overlong = false;
  segments.forEach((segment, index) => {
    if (!punctuated) {
      first = index;
      pieces = segment.text.split(' ').filter(Boolean);
      words = wordCount(segment.text, reader);
      flush(index);
      return;
    }
    for (const piece of segment.text.split(' ')) {
      if (piece === '') continue;
      if (overlong) {
        overlong = !SENTENCE_END.test(piece);
        continue;
      }
      if (pieces.length === 0) first = index;
      pieces.push(piece);
      words += wordCount(piece, reader);
      if (SENTENCE_END.test(piece)) flush(index);
      else if (words > MAX_SENTENCE_WORDS) {
        flush(index);
        overlong = true;
      }
    }
  });
  flush(segments.length - 1);
  return passages;
}

// Chinese and Japanese captions run a sentence together: their words are counted by the segmenter. Elsewhere a
// space-separated piece is a word (cheaper, and the index is built over ten hours of captions).
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
function wordCount(text: string, reader: TermReader): number {
  return UNSPACED_SCRIPT.test(text) ? reader.words(text).length : text.split(' ').filter(Boolean).length;
}

/** Windows of consecutive segments of about WINDOW_WORDS words, each starting halfway through the previous. */
function windowsOf(segments: readonly TranscriptSegment[], reader: TermReader): Passage[] {
  const wordCounts = segments.map((segment) => wordCount(segment.text, reader));
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
