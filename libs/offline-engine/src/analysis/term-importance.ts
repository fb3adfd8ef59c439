import type { TokenTable } from '../reading/nlp';
import { stem } from '../search/search-terms';
import { bracketedTokens, isSpeakerLabel } from './caption-annotations';
import type { KeyTerm } from './key-terms';
import type { TranscriptAnalysis } from './transcript-analysis';

// How much a term matters to a lecture, read from how the lecture treats it rather than how often it says it: a
// term the lecture defines, explains in many sentences, returns to across its parts, and names in its title or
// chapter headings is one of its central concepts. A side word said ten times in one burst ("curly braces") is not.
// A concept is counted in every form the lecture gives it ("recursion", "recursive", "recursively"), by stem.

export interface TermTreatment {
  /** The lecture says what it is: "X is a …", "X means …", "… is called X", "we call this X". */
  defined: boolean;
  /** Sentences that speak of it, in any of its word forms. */
  sentences: number;
  /**
   * How much of the lecture's substance those sentences carry: their centrality, in units of the lecture's mean
   * sentence (banter that names a volunteer ten times carries little).
   */
  explained: number;
  /** The share of the lecture's parts that come back to it, in [0, 1]. */
  spread: number;
  /** 1 when the title names it, 0.5 when the title names its head word ("sort" of "bubble sort"). */
  title: number;
  /** 1 when a chapter heading names it, 0.5 when one names its head word. */
  chapters: number;
  /** Its occurrences as a phrase: only breaks ties. */
  frequency: number;
  importance: number;
}

// Weights of the treatment: being defined or in the title says most; then how far across the lecture it is
// taken up; then how many sentences explain it (logarithmic: the hundredth sentence adds little to the tenth).
const WEIGHT = { defined: 2, title: 3, chapters: 2, spread: 3, explained: 1 };
const COMPOUND_WEIGHT = 1.25;

/** The stems of a text's words, in order. */
export function stemsOfText(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word !== '')
    .map(stem);
}

/** The number of consecutive parts the lecture is read in to see whether it comes back to a term. */
export function partsOf(sentenceCount: number): number {
  return Math.max(3, Math.min(12, Math.round(sentenceCount / 25)));
}

/**
 * How the lecture treats each term. A one-word short form's mentions ("the cycle") count for its full form ("the
 * Calvin cycle").
 */
export function treatmentOfTerms(
  analysis: TranscriptAnalysis,
  terms: readonly KeyTerm[],
): Map<KeyTerm, TermTreatment> {
  const { tokens, sentences } = analysis;
  const conceptOf = new Map<KeyTerm, string[]>();
  const byHead = new Map<string, KeyTerm[]>();
  for (const term of terms) {
    const concept = stemsOfText(term.text);
    const head = concept.at(-1);
    if (!head) continue;
    conceptOf.set(term, concept);
    const same = byHead.get(head);
    if (same) same.push(term);
    else byHead.set(head, [term]);
  }
  const mentions = new Map<KeyTerm, Set<number>>();
  const defined = new Set<KeyTerm>();
  const tokenStems = stemsOfTokens(tokens);
  const bracketed = bracketedTokens(tokens);
  for (const sentence of sentences) {
    for (let token = sentence.firstToken; token <= sentence.lastToken; token += 1) {
      const candidates = byHead.get(tokenStems[token] ?? '');
      if (!candidates) continue;
      for (const term of candidates) {
        const concept = conceptOf.get(term) as string[];
        const first = token - concept.length + 1;
        if (first < sentence.firstToken || (concept.length === 1 && usedAsVerb(tokens, token))) continue;
        if (bracketed[first] === 1 || isSpeakerLabel(tokens, first, token)) continue;
        let matches = true;
        for (let offset = 0; offset < concept.length - 1 && matches; offset += 1)
          matches = tokenStems[first + offset] === concept[offset];
        if (!matches) continue;
        const seen = mentions.get(term);
        if (seen) seen.add(sentence.index);
        else mentions.set(term, new Set([sentence.index]));
        if (!defined.has(term) && definesAt(tokens, first, token, sentence.firstToken, sentence.lastToken))
          defined.add(term);
      }
    }
  }
  for (const term of terms) {
    if (!term.fullForm) continue;
    const own = mentions.get(term);
    const full = mentions.get(term.fullForm);
    if (own && full) for (const sentence of own) full.add(sentence);
    if (defined.has(term)) defined.add(term.fullForm);
  }
  const parts = partsOf(sentences.length);
  const partOf = (sentence: number) => Math.min(parts - 1, Math.floor((sentence * parts) / sentences.length));
  const title = stemsOfText(analysis.title);
  const headings = analysis.chapters.map((chapter) => stemsOfText(chapter.title));
  const meanScore = sentences.reduce((sum, sentence) => sum + sentence.score, 0) / sentences.length || 1;
  const treatments = new Map<KeyTerm, TermTreatment>();
  for (const term of terms) {
    const said = mentions.get(term) ?? new Set<number>();
    let substance = 0;
    for (const sentence of said) substance += (sentences[sentence]?.score ?? 0) / meanScore;
    const concept = conceptOf.get(term) ?? [];
    const partsSaying = new Set([...said].map(partOf)).size;
    const treatment: TermTreatment = {
      defined: defined.has(term),
      sentences: said.size,
      explained: substance,
      spread: partsSaying / parts,
      title: namedIn(concept, title),
      chapters: Math.max(0, ...headings.map((heading) => namedIn(concept, heading))),
      frequency: term.occurrences.length,
      importance: 0,
    };
    // A compound the lecture names ("bubble sort", "base case") says more than a common noun ("list").
    const named = concept.length > 1 ? COMPOUND_WEIGHT : 1;
    treatment.importance =
      named *
      ((treatment.defined ? WEIGHT.defined : 0) +
        WEIGHT.title * treatment.title +
        WEIGHT.chapters * treatment.chapters +
        WEIGHT.spread * treatment.spread +
        WEIGHT.explained * Math.log2(1 + treatment.explained));
    treatments.set(term, treatment);
  }
  return treatments;
}

// "return 1", "sort the pages": a verb's use of a one-word term's word does not speak of the thing it names
// (a gerund does: "sorting takes time").
function usedAsVerb(tokens: TokenTable, token: number): boolean {
  const pos = tokens.pos[token];
  return (pos === 'VERB' || pos === 'AUX') && !(tokens.normal[token] ?? '').endsWith('ing');
}

function stemsOfTokens(tokens: TokenTable): string[] {
  const out = new Array<string>(tokens.count);
  for (let token = 0; token < tokens.count; token += 1)
    out[token] = tokens.type[token] === 'word' ? stem((tokens.normal[token] ?? '').toLowerCase()) : '';
  return out;
}

// 1 when the words of a concept appear together in a heading, 0.5 when its head word does (a heading "Sorting"
// names the topic of "bubble sort"), 0 otherwise.
function namedIn(concept: readonly string[], heading: readonly string[]): number {
  if (concept.length === 0 || heading.length === 0) return 0;
  for (let start = 0; start + concept.length <= heading.length; start += 1)
    if (concept.every((stem, offset) => heading[start + offset] === stem)) return 1;
  const head = concept.at(-1) as string;
  return concept.length > 1 && heading.includes(head) ? 0.5 : 0;
}

const ARTICLES = new Set(['a', 'an', 'the']);
const POINTERS = new Set(['this', 'that', 'it', 'these', 'those', 'them']);
// What follows a term the lecture is defining: "X is a …", "X is defined as", "X means", "X refers to",
// "X is called", "X is known as", "X stands for".
const AFTER_COPULA = new Set(['a', 'an', 'the', 'defined', 'called', 'known']);
const HEDGES = new Set(['basically', 'simply', 'just']);

/** The mention at tokens first..last is the subject or the name of a definitional statement. */
function definesAt(tokens: TokenTable, first: number, last: number, from: number, to: number): boolean {
  const word = (token: number) => (token >= from && token <= to ? (tokens.normal[token] ?? '') : '');
  const next = word(last + 1);
  const then = word(last + 2);
  const copula = next === 'is' || next === 'are';
  if (copula && (AFTER_COPULA.has(then) || (HEDGES.has(then) && ARTICLES.has(word(last + 3))))) return true;
  if (next === 'means' || next === 'denotes' || (next === 'refers' && then === 'to')) return true;
  if (next === 'stands' && then === 'for') return true;
  // "… called the base case", "known as the prior", "we call this the base case", "termed X", "named X".
  let before = first - 1;
  if (ARTICLES.has(word(before))) before -= 1;
  const namer = word(before);
  if (namer === 'called' || namer === 'named' || namer === 'termed') return true;
  if (namer === 'as' && word(before - 1) === 'known') return true;
  if (POINTERS.has(namer) && ['call', 'calls', 'called'].includes(word(before - 1))) return true;
  // "what we'll generally call bubble sort".
  if ((namer === 'call' || namer === 'calling') && !POINTERS.has(word(first))) return true;
  return false;
}
