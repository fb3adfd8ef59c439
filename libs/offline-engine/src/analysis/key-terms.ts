import type { TokenTable } from '../reading/nlp';
import { bracketedTokens, isSpeakerLabel, speakerNames } from './caption-annotations';
import { stemsOfText, treatmentOfTerms } from './term-importance';
import type { KeyPhrase, PhraseHit, Sentence, TranscriptAnalysis } from './transcript-analysis';

// The lecture's named terms: noun phrases a student could be asked about, as whole phrases. A phrase that
// mostly appears inside a longer one ("dioxide" in "carbon dioxide", "cycle" in "Calvin cycle") is a fragment,
// and a noun that names a role rather than a thing ("the result", "the trick") is a placeholder: neither is a term.

/** Nouns that stand for something said elsewhere rather than name a thing of their own. */
export const PLACEHOLDER_NOUNS = new Set([
  'answer',
  'result',
  'trick',
  'thing',
  'way',
  'idea',
  'point',
  'question',
  'problem',
  'fact',
  'reason',
  'case',
  'example',
  'part',
  'kind',
  'type',
  'sort',
  'bit',
  'lot',
  'step',
  'stage',
  'phase',
  'one',
  'side',
  'fix',
  'key',
  'goal',
  'issue',
  'topic',
  'lesson',
  'story',
  'picture',
  'summary',
  'difference',
  'word',
  'term',
  'name',
  'process',
  'method',
  'approach',
  'version',
  'form',
  'level',
  'matter',
  'change',
  'amount',
  'number',
  'place',
  'area',
  'stuff',
  'everything',
  'something',
  'anything',
  'nothing',
  'people',
  'person',
  'man',
  'woman',
  'group',
  'half',
  'rest',
  'end',
  'start',
  'beginning',
  'moment',
  'time',
  'day',
  'session',
  'lecture',
  'video',
  'class',
  'course',
  'today',
  'tomorrow',
  'yesterday',
]);

/** Adjectives that grade or order rather than name ("the same material", "the other half"). */
const GENERIC_ADJECTIVES = new Set([
  'same',
  'other',
  'different',
  'whole',
  'entire',
  'new',
  'old',
  'good',
  'bad',
  'big',
  'small',
  'little',
  'single',
  'simple',
  'useful',
  'important',
  'main',
  'general',
  'famous',
  'few',
  'many',
  'several',
  'certain',
  'particular',
  'real',
  'next',
  'last',
  'first',
  'second',
  'third',
  'great',
  'own',
  'only',
  'best',
  'better',
  'worse',
  'easy',
  'hard',
  'possible',
  'common',
  'classic',
  'typical',
  'huge',
  'tiny',
  'nice',
  'key',
  'basic',
  'whole',
  'obvious',
  'interesting',
  'surprising',
  'extra',
  'short',
  'long',
  'high',
  'low',
]);

// Spoken numbers ("seventeen eighty nine") are read by speech recognition as words, and tagged as nouns.
const NUMBER_WORDS =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|\d[\d,.]*)s?$/;

const POSSESSIVES = new Set(['its', 'your', 'their', 'our', 'my', 'his', 'her']);
const CONTRACTED_PRONOUN = /^(?:i|you|we|they|he|she|it|that|there|what|let)'/;

const PHRASE_NEIGHBOUR_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

export interface TermOccurrence extends PhraseHit {
  sentence: number;
  /** Not joined to another noun or adjective on either side: the whole phrase, not part of a longer one. */
  standalone: boolean;
}

export interface KeyTerm {
  phrase: KeyPhrase;
  /** As spoken, lower case unless a proper noun ("carbon dioxide", "Calvin cycle"). */
  text: string;
  occurrences: TermOccurrence[];
  /** "the" comes before it in most of its occurrences ("the Calvin cycle"). */
  definite: boolean;
  /** The share of its occurrences in which it is the whole phrase (over half for every term). */
  standaloneShare: number;
  /**
   * For a one-word term that is the short form of one longer term ("the cycle" for "the Calvin cycle"): that
   * term. Short forms are read as mentions of their full form, never asked or used as headings on their own.
   */
  fullForm: KeyTerm | null;
  /** How much the lecture makes of it (see term-importance.ts): terms are ranked by it. */
  importance: number;
}

const cache = new WeakMap<TranscriptAnalysis, KeyTerm[]>();

/** The lecture's named terms, best first: whole noun phrases that recur, never fragments or placeholders. */
export function keyTerms(analysis: TranscriptAnalysis): KeyTerm[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  // Counted first without allocating (a ten-hour lecture has a hundred thousand phrase hits); occurrences are
  // gathered only for the phrases that can be terms.
  const phrases = analysis.phraseById.length;
  const found = new Int32Array(phrases);
  const whole = new Int32Array(phrases);
  const definiteCount = new Int32Array(phrases);
  const firstWhole: Array<PhraseHit | undefined> = new Array<PhraseHit | undefined>(phrases);
  const bracketed = bracketedTokens(analysis.tokens);
  for (const sentence of analysis.sentences) {
    for (const hit of sentence.phrases) {
      // Caption annotations ("[LAUGHING]", "[INAUDIBLE]") and speaker labels ("CAROLINE:") are not what is said.
      if (bracketed[hit.firstToken] === 1 || isSpeakerLabel(analysis.tokens, hit.firstToken, hit.lastToken))
        continue;
      found[hit.phrase] = (found[hit.phrase] ?? 0) + 1;
      if (!isStandalone(analysis, sentence, hit) && !isCountedWhole(analysis, sentence, hit)) continue;
      whole[hit.phrase] = (whole[hit.phrase] ?? 0) + 1;
      firstWhole[hit.phrase] ??= hit;
      if (previousWord(analysis.tokens, hit) === 'the')
        definiteCount[hit.phrase] = (definiteCount[hit.phrase] ?? 0) + 1;
    }
  }
  const candidates: KeyTerm[] = [];
  const byPhraseId = new Map<number, KeyTerm>();
  const speakers = speakerNames(analysis.tokens);
  for (const phrase of analysis.phraseById) {
    if (speakers.has(phrase.text.toLowerCase())) continue;
    const total = found[phrase.id] ?? 0;
    const standalone = whole[phrase.id] ?? 0;
    const first = firstWhole[phrase.id];
    // A phrase without a score can still be the full form of a term ("Calvin cycle" said once).
    if (standalone * 2 <= total || !first || (phrase.score <= 0 && !phrase.text.includes(' '))) continue;
    if (!namesAThing(analysis.tokens, first)) continue;
    const term: KeyTerm = {
      phrase,
      text: phrase.text,
      occurrences: [],
      definite: (definiteCount[phrase.id] ?? 0) * 5 >= standalone * 3,
      standaloneShare: standalone / total,
      fullForm: null,
      importance: 0,
    };
    candidates.push(term);
    byPhraseId.set(phrase.id, term);
  }
  for (const sentence of analysis.sentences) {
    for (const hit of sentence.phrases) {
      const term = byPhraseId.get(hit.phrase);
      if (term)
        term.occurrences.push({
          ...hit,
          sentence: sentence.index,
          standalone: isStandalone(analysis, sentence, hit),
        });
    }
  }
  // A one-word term said in full elsewhere ("cycle" of "Calvin cycle") is its short form; the full form ranks
  // with the better of the two scores, even when it is said in full only once.
  const rankOf = new Map(candidates.map((term) => [term, term.phrase.score]));
  const longerByHead = new Map<string, KeyTerm[]>();
  for (const term of candidates) {
    if (!term.text.includes(' ')) continue;
    const head = term.text.toLowerCase().split(' ').at(-1) ?? '';
    const longer = longerByHead.get(head);
    if (longer) longer.push(term);
    else longerByHead.set(head, [term]);
  }
  for (const term of candidates) {
    if (term.text.includes(' ')) continue;
    const longer = longerByHead.get(term.text.toLowerCase()) ?? [];
    const full = longer.length === 1 ? longer[0] : undefined;
    // Only "the cycle" after "the Calvin cycle" is a short form; "books" is not "banned books".
    if (!full || !term.definite || !full.definite) continue;
    term.fullForm = full;
    rankOf.set(full, Math.max(rankOf.get(full) ?? 0, term.phrase.score));
  }
  // Ranked by how the lecture treats each term (defined, explained, returned to, in the title or chapter
  // headings); how often it is said only breaks ties.
  const recurring = candidates.filter((term) => (rankOf.get(term) ?? 0) > 0);
  const treatment = treatmentOfTerms(analysis, recurring);
  const importance = (term: KeyTerm) => treatment.get(term)?.importance ?? 0;
  const terms = recurring.sort(
    (a, b) =>
      importance(b) - importance(a) ||
      b.occurrences.length - a.occurrences.length ||
      a.phrase.id - b.phrase.id,
  );
  for (const term of terms) term.importance = importance(term);
  cache.set(analysis, terms);
  return terms;
}

const byConcept = new WeakMap<TranscriptAnalysis, Map<string, number>>();

/**
 * How much the lecture makes of a term given as text ("recursive functions", "the base case"): the importance of
 * the named term with the same words in any of their forms, 0 when it is none of the lecture's terms.
 */
export function importanceOfText(analysis: TranscriptAnalysis, text: string): number {
  let concepts = byConcept.get(analysis);
  if (!concepts) {
    concepts = new Map();
    for (const term of keyTerms(analysis)) {
      const key = stemsOfText(term.text).join(' ');
      concepts.set(key, Math.max(concepts.get(key) ?? 0, term.fullForm?.importance ?? term.importance));
    }
    byConcept.set(analysis, concepts);
  }
  const words = stemsOfText(text);
  if (ARTICLE_STEMS.has(words[0] ?? '')) words.shift();
  return concepts.get(words.join(' ')) ?? 0;
}

const ARTICLE_STEMS = new Set(['a', 'an', 'the']);

const byPhrase = new WeakMap<TranscriptAnalysis, Map<number, KeyTerm>>();

/** The term a phrase hit belongs to, if that phrase is a named term. */
export function termOfPhrase(analysis: TranscriptAnalysis, phraseId: number): KeyTerm | undefined {
  let terms = byPhrase.get(analysis);
  if (!terms) {
    terms = new Map(keyTerms(analysis).map((term) => [term.phrase.id, term]));
    byPhrase.set(analysis, terms);
  }
  return terms.get(phraseId);
}

/** Not joined to another noun or adjective on either side: the whole phrase here, not part of a longer one. */
export function isStandalone(analysis: TranscriptAnalysis, sentence: Sentence, hit: PhraseHit): boolean {
  const { tokens, text } = analysis;
  const before = hit.firstToken - 1;
  const after = hit.lastToken + 1;
  // Without punctuation a sentence end is a guess, so the words across it count as neighbours too.
  const unsure = !analysis.punctuated;
  // "the forgetting curve", "the flattened discs": a participle between a determiner and the noun belongs to it.
  const participleBefore =
    tokens.pos[before] === 'VERB' &&
    /(?:ing|ed)$/.test(tokens.normal[before] ?? '') &&
    ['DET', 'ADJ', 'ADV'].includes(tokens.pos[before - 1] ?? '');
  // "paradox of thrift": "thrift" alone is the end of the phrase.
  const continuesFrom =
    tokens.normal[before] === 'of' && ['NOUN', 'PROPN'].includes(tokens.pos[before - 1] ?? '');
  const joinedBefore =
    (before >= sentence.firstToken || unsure) &&
    (PHRASE_NEIGHBOUR_POS.has(tokens.pos[before] ?? '') ||
      tokens.pos[before] === 'NUM' ||
      participleBefore ||
      continuesFrom);
  // "paradox of thrift", "rate of change": the phrase goes on past "of" (not "the end of the chain").
  const continues =
    tokens.normal[after] === 'of' && ['NOUN', 'PROPN', 'ADJ'].includes(tokens.pos[after + 1] ?? '');
  const joinedAfter =
    (after <= sentence.lastToken || unsure) &&
    (PHRASE_NEIGHBOUR_POS.has(tokens.pos[after] ?? '') || continues);
  // "fifteenth-century Europe", "sliding-point": a hyphen joins words into one.
  const from = tokens.offset[hit.firstToken] ?? 0;
  const to = (tokens.offset[hit.lastToken] ?? 0) + (tokens.value[hit.lastToken]?.length ?? 0);
  const hyphenated = text.charAt(from - 1) === '-' || text.charAt(to) === '-';
  // A noun phrase is not followed straight by its object ("the numbers support it", "price moves us"): there
  // the tagger took a verb for a noun. Nor does a participle after a helper or a subject start one ("had
  // produced millions").
  const verbal =
    ['PRON', 'DET'].includes(tokens.pos[after] ?? '') ||
    (tokens.pos[hit.firstToken] === 'VERB' &&
      ['AUX', 'NOUN', 'PROPN', 'PRON'].includes(tokens.pos[before] ?? '') &&
      // "its running time": a possessive starts a noun phrase.
      !POSSESSIVES.has(tokens.normal[before] ?? ''));
  return !joinedBefore && !joinedAfter && !hyphenated && !verbal;
}

// "two recursive cases", "one base case": a count in front is not part of the name.
export function isCountedWhole(analysis: TranscriptAnalysis, sentence: Sentence, hit: PhraseHit): boolean {
  const count = hit.firstToken - 1;
  return (
    analysis.tokens.pos[count] === 'NUM' &&
    NUMBER_WORDS.test(analysis.tokens.normal[count] ?? '') &&
    isStandalone(analysis, sentence, { ...hit, firstToken: count })
  );
}

function previousWord(tokens: TokenTable, hit: PhraseHit): string {
  return tokens.normal[hit.firstToken - 1] ?? '';
}

// A term names a thing when its head is not a placeholder, or when a naming word qualifies the placeholder
// ("testing effect" is a term, "main idea" is not).
function namesAThing(tokens: TokenTable, hit: PhraseHit): boolean {
  const words: string[] = [];
  for (let token = hit.firstToken; token <= hit.lastToken; token += 1) {
    words.push((tokens.lemma[token] ?? tokens.normal[token] ?? '').toLowerCase());
    // "cheapest design", "larger quantity": a comparison, not a name.
    const normal = tokens.normal[token] ?? '';
    if (
      token < hit.lastToken &&
      tokens.pos[token] === 'ADJ' &&
      /(?:est|er)$/.test(normal) &&
      words.at(-1) !== normal
    )
      return false;
  }
  const head = words[words.length - 1] ?? '';
  // "I'm", "you're": a pronoun the tagger took for a noun.
  if (words.some((word) => CONTRACTED_PRONOUN.test(word))) return false;
  if (!/[a-z]/.test(head) || head.length < 3 || words.some((word) => NUMBER_WORDS.test(word))) return false;
  // "the main idea", "the word elasticity": a grading word or a placeholder in front names nothing.
  if (words.slice(0, -1).some((word) => GENERIC_ADJECTIVES.has(word) || PLACEHOLDER_NOUNS.has(word)))
    return false;
  return !PLACEHOLDER_NOUNS.has(head) || words.length > 1;
}

/** True when a word is a placeholder noun or a grading adjective: not enough to name a term on its own. */
export function isVagueWord(word: string): boolean {
  const lower = word.toLowerCase();
  return PLACEHOLDER_NOUNS.has(lower) || GENERIC_ADJECTIVES.has(lower);
}
