import { writeOutline, type OutlineSection } from '@lectern/contracts';
import { keyTerms, type KeyTerm } from '../analysis/key-terms';
import { stemsOfText } from '../analysis/term-importance';
import {
  pickDiverse,
  rankWithin,
  type Sentence,
  type TranscriptAnalysis,
} from '../analysis/transcript-analysis';
import { standsAlone } from './study-writers';
import { capitalise, truncateAtWord } from './text-style';

// The outline: the lecture cut where its topic changes, each part titled by the term it is most about and
// given a few of its best sentences as key points, each with its moment.

const POINTS_PER_SECTION = 3;
// A part is titled by a term the lecture makes something of: at least this share of its most important term's
// weight (a volunteer's name said often in one demonstration is not a heading).
const MIN_TITLE_IMPORTANCE = 0.25;
/** Sentences on each side of a possible cut whose words are compared (TextTiling's blocks). */
const WINDOW = 6;

/** 3 sections for five minutes, one more each time the length doubles, at most 10. */
export function sectionCount(analysis: TranscriptAnalysis): number {
  const minutes = Math.max(1, analysis.duration / 60);
  const count = 3 + Math.floor(Math.log2(Math.max(1, minutes / 5)));
  return Math.max(1, Math.min(10, count, Math.floor(analysis.sentences.length / 4)));
}

export function writeOutlineOf(analysis: TranscriptAnalysis): string {
  const parts = topicParts(analysis, sectionCount(analysis));
  const usedTitles = new Set<string>();
  const sections: OutlineSection[] = parts.map((part) => {
    const title = titleOf(analysis, part, usedTitles);
    usedTitles.add(titleKey(title));
    return { title, start: part[0]?.start ?? 0, points: pointsOf(analysis, part) };
  });
  return writeOutline({ sections });
}

/**
 * The sentences cut into `count` consecutive parts where the words used change most: the cut between two
 * sentences is scored by how little the words of the sentences before it share with those after it
 * (TextTiling), and the best-scored cuts that leave every part a fair share of the lecture are taken.
 */
export function topicParts(analysis: TranscriptAnalysis, count: number): Sentence[][] {
  const { sentences } = analysis;
  if (count <= 1 || sentences.length < count * 2) return [sentences];
  // A ten-hour lecture has a hundred thousand sentences: cuts are then considered only every few sentences.
  const stride = Math.max(1, Math.floor(sentences.length / 4_000));
  const minPart = Math.max(2, Math.floor(sentences.length / (count * 2)));
  const scored: { at: number; similarity: number }[] = [];
  for (let at = minPart; at <= sentences.length - minPart; at += stride) {
    scored.push({ at, similarity: windowSimilarity(sentences, at) });
  }
  scored.sort((a, b) => a.similarity - b.similarity || a.at - b.at);
  const cuts: number[] = [];
  // Parts of at least a fair share first; if the best cuts crowd together, parts of half that are allowed.
  for (const spacing of [minPart, Math.max(2, Math.floor(minPart / 2))]) {
    for (const candidate of scored) {
      if (cuts.length >= count - 1) break;
      if (cuts.every((cut) => Math.abs(cut - candidate.at) >= spacing)) cuts.push(candidate.at);
    }
  }
  cuts.sort((a, b) => a - b);
  const parts: Sentence[][] = [];
  let from = 0;
  for (const cut of [...cuts, sentences.length]) {
    parts.push(sentences.slice(from, cut));
    from = cut;
  }
  return parts.filter((part) => part.length > 0);
}

function windowSimilarity(sentences: readonly Sentence[], at: number): number {
  const before = termWeights(sentences.slice(Math.max(0, at - WINDOW), at));
  const after = termWeights(sentences.slice(at, at + WINDOW));
  let dot = 0;
  for (const [term, weight] of before) dot += weight * (after.get(term) ?? 0);
  const norm = (weights: Map<number, number>) =>
    Math.sqrt([...weights.values()].reduce((total, weight) => total + weight * weight, 0));
  const norms = norm(before) * norm(after);
  return norms === 0 ? 0 : dot / norms;
}

function termWeights(sentences: readonly Sentence[]): Map<number, number> {
  const weights = new Map<number, number>();
  for (const sentence of sentences) {
    sentence.termIds.forEach((term, index) => {
      weights.set(term, (weights.get(term) ?? 0) + (sentence.weights[index] ?? 0));
    });
  }
  return weights;
}

/**
 * The named term the part is most about: said most often in it, weighed by how much of all its mentions
 * fall there (so a term of the whole lecture does not title every part) and by how much the lecture makes of
 * it (so a side word said often in one stretch, "curly braces", does not). Else the opening of its best
 * sentence.
 */
function titleOf(analysis: TranscriptAnalysis, part: readonly Sentence[], used: Set<string>): string {
  const first = part[0]?.index ?? 0;
  const last = part[part.length - 1]?.index ?? 0;
  let best: { term: KeyTerm; score: number } | null = null;
  const terms = keyTerms(analysis);
  const floor = Math.max(0, ...terms.map((term) => term.importance)) * MIN_TITLE_IMPORTANCE;
  for (const term of terms) {
    if (term.fullForm || term.importance < floor || used.has(titleKey(term.text))) continue;
    const sentencesOf = new Set(term.occurrences.map((occurrence) => occurrence.sentence));
    const inPart = [...sentencesOf].filter((sentence) => sentence >= first && sentence <= last).length;
    if (inPart < 2) continue;
    // A name of several words ("base case", "Calvin cycle") says more than one word of everyday speech.
    const words = term.text.split(' ').length;
    const score = inPart * (inPart / sentencesOf.size) * term.importance * (words > 1 ? 1.5 : 1);
    if (!best || score > best.score) best = { term, score };
  }
  if (best) return capitalise(best.term.text);
  const opening = rankWithin(part)[0]?.text ?? 'Part of the lecture';
  return truncateAtWord(opening.replace(/[.!?]+$/u, ''), 60);
}

/** The best sentence of each stretch of the part (a third each), so the points follow the whole section. */
function pointsOf(analysis: TranscriptAnalysis, part: readonly Sentence[]) {
  const chosen: Sentence[] = [];
  const size = part.length / POINTS_PER_SECTION;
  for (let stretch = 0; stretch < POINTS_PER_SECTION; stretch += 1) {
    const sentences = part.slice(Math.round(stretch * size), Math.round((stretch + 1) * size));
    const [best] = pickDiverse(rankWithin(sentences), {
      count: 1,
      minWords: 8,
      accept: (sentence) =>
        standsAlone(analysis, sentence) && chosen.every((other) => other.text !== sentence.text),
    });
    if (best) chosen.push(best);
  }
  if (chosen.length === 0) chosen.push(...pickDiverse(rankWithin(part), { count: 1, minWords: 3 }));
  if (chosen.length === 0) chosen.push(...part.slice(0, 1));
  return chosen.map((sentence) => ({ text: withoutSpeakerMarks(sentence.text), start: sentence.start }));
}

// Captions mark a change of speaker with ">>" (">> DOUG LLOYD: ..."); a point is read without it.
function withoutSpeakerMarks(text: string): string {
  return text.replace(/^(?:>>\s*)+/u, '');
}

/** One key for a title in any of its word forms ("Linked list", "linked lists"). */
function titleKey(text: string): string {
  return stemsOfText(text.toLowerCase()).join(' ');
}
