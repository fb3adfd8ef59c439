import {
  LONGEST_CAPTION_WORD,
  formatTimestamp,
  piecesOfWord,
  type TranscriptSegment,
} from '@lectern/contracts';
import { tokenize, type TokenTable } from '../reading/nlp';
import type { LectureChapter } from '../requests';
import { segmentOfTokens, sentenceUnits } from '../reading/sentence-units';
import { displaySentence, endsMidClause } from '../writing/text-style';

export interface PhraseHit {
  phrase: number;
  firstToken: number;
  lastToken: number;
}

export interface Sentence {
  index: number;
  /** Seconds: the start of the segment the sentence begins in. */
  start: number;
  timestamp: string;
  /** Exactly as it appears in the transcript text. */
  raw: string;
  /** For display: capitalised and terminated. */
  text: string;
  firstToken: number;
  lastToken: number;
  wordCount: number;
  question: boolean;
  /**
   * Speech-recognition captions only: the piece stops where the speaker went on ("… hundreds of"), so it is shown
   * with an ellipsis and never stated on its own.
   */
  runsOn: boolean;
  /** TF-IDF vector, term ids ascending. */
  termIds: Int32Array;
  weights: Float64Array;
  norm: number;
  /** Centrality in [0, 1]: similarity to the transcript's TF-IDF centroid, adjusted for length. */
  score: number;
  phrases: PhraseHit[];
}

export interface KeyPhrase {
  id: number;
  /** The most frequent spelling in the transcript, lower case unless a proper noun. */
  text: string;
  count: number;
  score: number;
  firstSentence: number;
}

/** What the engine knows of the video besides its transcript. */
export interface LectureContext {
  title?: string | null;
  chapters?: readonly LectureChapter[];
  /** The words of the names the captions give their speakers, lower case (see `speakerNames`). */
  speakers?: ReadonlySet<string>;
}

export interface TranscriptAnalysis {
  /** The video's title, '' when unknown. */
  title: string;
  chapters: readonly LectureChapter[];
  /** The words of the names of the people who speak in the video, lower case: the room, not the subject. */
  speakers: ReadonlySet<string>;
  text: string;
  punctuated: boolean;
  duration: number;
  tokens: TokenTable;
  sentences: Sentence[];
  /** Sentences by score, best first (ties: earlier first). */
  ranked: Sentence[];
  /** The best key phrases, best first. */
  keyPhrases: KeyPhrase[];
  /** Every phrase candidate by id (hits point here). */
  phraseById: KeyPhrase[];
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
// Words that carry little meaning in spoken lectures although they are not classic stop words.
const SPOKEN_FILLER = new Set([
  'go',
  'get',
  'got',
  'say',
  'said',
  'know',
  'think',
  'let',
  'thing',
  'things',
  'lot',
  'kind',
  'sort',
  'way',
  'okay',
  'ok',
  'yeah',
  'gon',
  'gonna',
  'wan',
  'wanna',
  'really',
  'actually',
  'basically',
  'right',
  'like',
  'mean',
  'see',
  'talk',
  'want',
  'look',
  'um',
  'uh',
  'today',
  'guy',
  'guys',
  'stuff',
  'bit',
  'come',
  'put',
  'take',
  'make',
  'use',
  'do',
  'does',
  'did',
  'have',
  'be',
  'good',
  'great',
  'little',
  'big',
  'new',
  'next',
  'last',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'everyone',
  'everybody',
  'something',
  'anything',
  'part',
  'idea',
  'same',
  'time',
  'times',
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'hour',
  'hours',
  'minute',
  'minutes',
  'lecture',
  'half',
  'type',
  'types',
  'people',
  'end',
  'number',
  'example',
  'course',
  'class',
  'one',
]);

/** Analyses a transcript once; every offline writer reads from the result. */
export function analyseTranscript(
  captions: readonly TranscriptSegment[],
  context: LectureContext = {},
): TranscriptAnalysis {
  const segments = captions.map((segment) => ({ ...segment, text: withoutEndlessWords(segment.text) }));
  const text = segments.map((segment) => segment.text).join(' ');
  const tokens = tokenize(text);
  const tokenSegment = segmentOfTokens(tokens, segments);
  const punctuated = looksPunctuated(tokens);
  const units = sentenceUnits(tokens, segments, tokenSegment, punctuated);

  const termIndex = new Map<string, number>();
  const documentFrequency: number[] = [];
  const phraseIndex = new Map<string, number>();
  const phraseById: KeyPhrase[] = [];
  const phraseSpellings: Array<Map<string, number>> = [];
  const phraseTermIds: number[][] = [];

  const sentences: Sentence[] = units.map((unit, index) => {
    const { firstToken, lastToken } = unit;
    const start = segments[unit.segment]?.start ?? 0;
    const from = tokens.offset[firstToken] ?? 0;
    const to = (tokens.offset[lastToken] ?? 0) + (tokens.value[lastToken]?.length ?? 0);
    const raw = text.slice(from, to);
    const counts = new Map<number, number>();
    let wordCount = 0;
    for (let token = firstToken; token <= lastToken; token += 1) {
      if (tokens.type[token] !== 'word') continue;
      wordCount += 1;
      const term = termOf(tokens, token);
      if (term === null) continue;
      let id = termIndex.get(term);
      if (id === undefined) {
        id = termIndex.size;
        termIndex.set(term, id);
        documentFrequency.push(0);
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const id of counts.keys()) documentFrequency[id] = (documentFrequency[id] ?? 0) + 1;
    const termIds = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
    const weights = Float64Array.from(termIds, (id) => 1 + Math.log(counts.get(id) ?? 1));
    const sentence: Sentence = {
      index,
      start,
      timestamp: formatTimestamp(start),
      raw,
      text: displaySentence(raw, punctuated),
      firstToken,
      lastToken,
      wordCount,
      question: /\?\s*$/.test(raw),
      runsOn: !punctuated && endsMidClause(raw),
      termIds,
      weights,
      norm: 0,
      score: 0,
      phrases: [],
    };
    collectPhrases(tokens, sentence, termIndex, phraseIndex, phraseById, phraseSpellings, phraseTermIds);
    return sentence;
  });

  const idf = Float64Array.from(documentFrequency, (df) => Math.log((sentences.length + 1) / (df + 0.5)));
  scoreSentences(sentences, idf);
  const ranked = [...sentences].sort((a, b) => b.score - a.score || a.index - b.index);
  const keyPhrases = rankPhrases(phraseById, phraseSpellings, phraseTermIds, idf, sentences.length);
  const last = segments[segments.length - 1];
  return {
    title: context.title?.trim() ?? '',
    chapters: context.chapters ?? [],
    speakers: context.speakers ?? new Set(),
    text,
    punctuated,
    duration: last ? last.start : 0,
    tokens,
    sentences,
    ranked,
    keyPhrases,
    phraseById,
  };
}

// A caption that holds a word longer than any spoken one (anyone can write captions) would cost wink-nlp time that
// grows with the square of its length (a minute for 200,000 characters), so it is cut into pieces first, links too.
export function withoutEndlessWords(text: string): string {
  return text.replace(/\S+/g, (word) => piecesOfWord(word, LONGEST_CAPTION_WORD).join(' '));
}

// Captions count as punctuated when sentence-ending marks are about as frequent as in written prose.
function looksPunctuated(tokens: TokenTable): boolean {
  let words = 0;
  let terminators = 0;
  for (let index = 0; index < tokens.count; index += 1) {
    const type = tokens.type[index];
    if (type === 'word') words += 1;
    else if (type === 'punctuation' && /^[.?!…]+$/.test(tokens.value[index] ?? '')) terminators += 1;
  }
  return terminators > 0 && words / terminators <= 45;
}

function termOf(tokens: TokenTable, token: number): string | null {
  if (tokens.stop[token] || !CONTENT_POS.has(tokens.pos[token] ?? '')) return null;
  const lemma = (tokens.lemma[token] ?? '').toLowerCase();
  if (lemma.length < 3 || SPOKEN_FILLER.has(lemma) || SPOKEN_FILLER.has(tokens.normal[token] ?? ''))
    return null;
  return /[a-z]/.test(lemma) ? lemma : null;
}

function isPhraseWord(tokens: TokenTable, token: number): boolean {
  if (tokens.type[token] !== 'word' || tokens.stop[token]) return false;
  const normal = tokens.normal[token] ?? '';
  if (normal.length < 3 || !/^[a-z][a-z'-]*$/.test(normal)) return false;
  if (SPOKEN_FILLER.has(normal) && !headsACompound(tokens, token)) return false;
  const pos = tokens.pos[token] ?? '';
  // Gerunds and participles inside names ("forgetting curve", "spaced repetition") count too.
  return (
    PHRASE_POS.has(pos) || (pos === 'VERB' && /(?:ing|ed)$/.test(normal)) || nounInCompound(tokens, token)
  );
}

// "bubble sort", "running time", "prime number": a word that is filler on its own ("sort of", "in time") names a
// thing as the head of a compound, after a noun or participle and not before "of".
const COMPOUND_HEADS = new Set(['sort', 'time', 'number', 'type', 'class']);

function headsACompound(tokens: TokenTable, token: number): boolean {
  const normal = tokens.normal[token] ?? '';
  const previous = tokens.normal[token - 1] ?? '';
  const previousPos = tokens.pos[token - 1] ?? '';
  return (
    COMPOUND_HEADS.has(tokens.lemma[token]?.toLowerCase() ?? normal) &&
    tokens.pos[token] === 'NOUN' &&
    tokens.normal[token + 1] !== 'of' &&
    previous.length >= 3 &&
    !SPOKEN_FILLER.has(previous) &&
    !tokens.stop[token - 1] &&
    (previousPos === 'NOUN' || (previousPos === 'VERB' && /(?:ing|ed)$/.test(previous)))
  );
}

// "merge sort", "bubble sort": a verb's bare form straight after a singular noun is the end of a compound noun,
// since a verb after a singular subject would read "sorts".
function nounInCompound(tokens: TokenTable, token: number): boolean {
  const normal = tokens.normal[token] ?? '';
  const previous = token - 1;
  const previousNormal = tokens.normal[previous] ?? '';
  return (
    tokens.pos[token] === 'VERB' &&
    (tokens.lemma[token] ?? '').toLowerCase() === normal &&
    !/(?:ing|ed|s)$/.test(normal) &&
    tokens.pos[previous] === 'NOUN' &&
    (tokens.lemma[previous] ?? '').toLowerCase() === previousNormal &&
    !/s$/.test(previousNormal) &&
    !['DET', 'PRON', 'NOUN', 'ADJ'].includes(tokens.pos[token + 1] ?? '')
  );
}

function isPhraseHead(tokens: TokenTable, token: number): boolean {
  const pos = tokens.pos[token];
  return (
    pos === 'NOUN' ||
    pos === 'PROPN' ||
    (pos === 'VERB' && (tokens.normal[token] ?? '').endsWith('ing')) ||
    nounInCompound(tokens, token)
  );
}

// Noun phrases of up to three words (adjectives and nouns ending in a noun) are the key-phrase candidates.
function collectPhrases(
  tokens: TokenTable,
  sentence: Sentence,
  termIndex: Map<string, number>,
  phraseIndex: Map<string, number>,
  phraseById: KeyPhrase[],
  spellings: Array<Map<string, number>>,
  phraseTermIds: number[][],
): void {
  let runStart = -1;
  const flush = (runEnd: number) => {
    if (runStart < 0) return;
    let end = runEnd;
    while (end >= runStart && !isPhraseHead(tokens, end)) end -= 1;
    if (end >= runStart && end - runStart <= 2) addPhrase(runStart, end);
    // Long runs are usually tagging slips ("solutions trade memory"): only their two-word names count.
    else if (end > runStart) {
      for (let head = runStart + 1; head <= end; head += 1)
        if (isPhraseHead(tokens, head)) addPhrase(head - 1, head);
    }
    // A lone head noun is a candidate too ("retrieval"), so single terms can win when they recur.
    if (end > runStart) addPhrase(end, end);
    runStart = -1;
  };
  const addPhrase = (first: number, last: number) => {
    const lemmas: string[] = [];
    const surface: string[] = [];
    for (let token = first; token <= last; token += 1) {
      lemmas.push((tokens.lemma[token] ?? '').toLowerCase());
      // The transcript's own spelling (wink-nlp's normal form can change it), lower case unless a proper noun
      // in mid-sentence.
      const value = tokens.value[token] ?? '';
      surface.push(
        tokens.pos[token] === 'PROPN' && token > sentence.firstToken ? value : value.toLowerCase(),
      );
    }
    const key = lemmas.join(' ');
    let id = phraseIndex.get(key);
    if (id === undefined) {
      id = phraseById.length;
      phraseIndex.set(key, id);
      phraseById.push({ id, text: surface.join(' '), count: 0, score: 0, firstSentence: sentence.index });
      spellings.push(new Map());
      phraseTermIds.push(lemmas.map((lemma) => termIndex.get(lemma) ?? -1).filter((termId) => termId >= 0));
    }
    const phrase = phraseById[id] as KeyPhrase;
    phrase.count += 1;
    const spelling = surface.join(' ');
    const seen = spellings[id] as Map<string, number>;
    seen.set(spelling, (seen.get(spelling) ?? 0) + 1);
    sentence.phrases.push({ phrase: id, firstToken: first, lastToken: last });
  };
  for (let token = sentence.firstToken; token <= sentence.lastToken; token += 1) {
    if (isPhraseWord(tokens, token)) {
      if (runStart < 0) runStart = token;
    } else flush(token - 1);
  }
  flush(sentence.lastToken);
}

// TF-IDF centrality: cosine similarity of each sentence to the centroid of all sentences. Linear in the
// transcript's size, so a ten-hour lecture costs the same per sentence as a ten-minute one.
function scoreSentences(sentences: Sentence[], idf: Float64Array): void {
  const centroid = new Float64Array(idf.length);
  for (const sentence of sentences) {
    let squared = 0;
    for (let index = 0; index < sentence.termIds.length; index += 1) {
      const weight = (sentence.weights[index] ?? 0) * (idf[sentence.termIds[index] ?? 0] ?? 0);
      sentence.weights[index] = weight;
      squared += weight * weight;
    }
    sentence.norm = Math.sqrt(squared);
    if (sentence.norm === 0) continue;
    for (let index = 0; index < sentence.termIds.length; index += 1) {
      const id = sentence.termIds[index] ?? 0;
      centroid[id] = (centroid[id] ?? 0) + (sentence.weights[index] ?? 0) / sentence.norm;
    }
  }
  let centroidNorm = 0;
  for (const value of centroid) centroidNorm += value * value;
  centroidNorm = Math.sqrt(centroidNorm) || 1;
  for (const sentence of sentences) {
    if (sentence.norm === 0) continue;
    let dot = 0;
    for (let index = 0; index < sentence.termIds.length; index += 1) {
      dot += (sentence.weights[index] ?? 0) * (centroid[sentence.termIds[index] ?? 0] ?? 0);
    }
    sentence.score =
      (dot / (sentence.norm * centroidNorm)) *
      lengthFactor(sentence.wordCount) *
      (sentence.question ? 0.6 : 1);
  }
}

function lengthFactor(words: number): number {
  if (words < 5) return 0.2;
  if (words < 8) return 0.6;
  if (words > 45) return 0.7;
  return 1;
}

// Two-word names are the most telling; three-word runs are more often tagging slips.
const PHRASE_LENGTH_WEIGHT: Record<number, number> = { 1: 1, 2: 1.4, 3: 1.2 };

function rankPhrases(
  phrases: KeyPhrase[],
  spellings: Array<Map<string, number>>,
  phraseTermIds: number[][],
  idf: Float64Array,
  sentenceCount: number,
): KeyPhrase[] {
  const minimumCount = sentenceCount > 30 ? 2 : 1;
  for (const phrase of phrases) {
    const terms = phraseTermIds[phrase.id] ?? [];
    const meanIdf =
      terms.length === 0 ? 0 : terms.reduce((sum, id) => sum + (idf[id] ?? 0), 0) / terms.length;
    const words = phrase.text.split(' ').length;
    phrase.score =
      phrase.count < minimumCount
        ? 0
        : Math.log(1 + phrase.count) * meanIdf * (PHRASE_LENGTH_WEIGHT[words] ?? 1);
    let best = phrase.text;
    let bestCount = 0;
    for (const [spelling, count] of spellings[phrase.id] ?? []) {
      if (count > bestCount) [best, bestCount] = [spelling, count];
    }
    phrase.text = best;
  }
  const candidates = phrases
    .filter((phrase) => phrase.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id);
  const chosen: KeyPhrase[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= 24) break;
    const words = new Set(candidate.text.toLowerCase().split(' '));
    // One idea, one phrase: skip candidates that share a word with a better one ("recall" after "active recall").
    const overlaps = chosen.some((phrase) =>
      phrase.text
        .toLowerCase()
        .split(' ')
        .some((word) => words.has(word)),
    );
    if (!overlaps) chosen.push(candidate);
  }
  return chosen;
}

function cosine(a: Sentence, b: Sentence): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.termIds.length && j < b.termIds.length) {
    const x = a.termIds[i] ?? 0;
    const y = b.termIds[j] ?? 0;
    if (x === y) {
      dot += (a.weights[i] ?? 0) * (b.weights[j] ?? 0);
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return dot / (a.norm * b.norm);
}

export interface PickOptions {
  count: number;
  /** Candidates more similar than this to an already chosen sentence are skipped. */
  maxSimilarity?: number;
  minWords?: number;
  maxWords?: number;
  accept?: (sentence: Sentence) => boolean;
}

/**
 * The best sentences that are not near-duplicates of each other (maximal marginal relevance, greedy), in the
 * order they are spoken. Reads a bounded number of distinct candidates, so it stays cheap on huge transcripts.
 */
export function pickDiverse(ranked: readonly Sentence[], options: PickOptions): Sentence[] {
  const { count, maxSimilarity = 0.5, minWords = 6, maxWords = 45, accept } = options;
  const chosen: Sentence[] = [];
  const seen = new Set<string>();
  // Repeated sentences (a lecturer's refrain) are skipped without counting against the candidates read.
  const limit = Math.max(4_000, count * 200);
  let read = 0;
  for (let index = 0; index < ranked.length && read < limit && chosen.length < count; index += 1) {
    const sentence = ranked[index] as Sentence;
    if (
      sentence.wordCount < minWords ||
      sentence.wordCount > maxWords ||
      sentence.question ||
      sentence.runsOn
    )
      continue;
    const key = sentence.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    read += 1;
    if (accept && !accept(sentence)) continue;
    if (chosen.some((other) => cosine(sentence, other) > maxSimilarity)) continue;
    chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

/** Splits the sentences into `count` consecutive parts of (nearly) equal size, for section-by-section writing. */
export function sections(analysis: TranscriptAnalysis, count: number): Sentence[][] {
  const parts: Sentence[][] = [];
  const size = analysis.sentences.length / count;
  for (let part = 0; part < count; part += 1) {
    const slice = analysis.sentences.slice(Math.round(part * size), Math.round((part + 1) * size));
    if (slice.length > 0) parts.push(slice);
  }
  return parts;
}

/** Sentences of one part, best first. */
export function rankWithin(part: readonly Sentence[]): Sentence[] {
  return [...part].sort((a, b) => b.score - a.score || a.index - b.index);
}

/**
 * Like pickDiverse, but for long lectures (over half an hour) takes the best sentences of each stretch of the
 * video in turn, so a ten-hour course is not summed up by its first hour.
 */
export function pickAcross(analysis: TranscriptAnalysis, options: PickOptions): Sentence[] {
  if (analysis.duration <= 30 * 60) return pickDiverse(analysis.ranked, options);
  const chosen: Sentence[] = [];
  const { maxSimilarity = 0.5 } = options;
  const parts = sections(analysis, options.count);
  for (const part of parts) {
    const [best] = pickDiverse(rankWithin(part), {
      ...options,
      count: 1,
      accept: (sentence) =>
        (options.accept?.(sentence) ?? true) &&
        !chosen.some((other) => cosine(sentence, other) > maxSimilarity),
    });
    if (best) chosen.push(best);
  }
  return chosen.sort((a, b) => a.index - b.index);
}
