import type { PhraseHit, Sentence, TranscriptAnalysis } from '../analysis/transcript-analysis';
import type { TokenTable } from '../reading/nlp';

// What makes a fill-in question one a student can trust, read on the lecture's own tokens: its sentence means
// something out of its place in the talk, the rest of a fixed phrase does not fill its blank, and its wrong options
// are terms of the lecture that the lecture never puts where the answer stands.

// Words a speaker puts first that say nothing of the subject: "So …", "And now …".
const OPENERS = new Set([
  'so',
  'and',
  'but',
  'now',
  'okay',
  'ok',
  'right',
  'well',
  'then',
  'also',
  'because',
  'yes',
  'um',
  'uh',
]);
// A first word that points back to what was said before: "This is…", "It gives…", "Here's what…".
const POINTING = new Set([
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'they',
  'them',
  'their',
  'he',
  'she',
  'his',
  'her',
  'here',
  "here's",
  'here’s',
]);
// "It is possible to…" points nowhere: "it" stands for what follows.
const EMPTY_IT_ADJECTIVES = new Set([
  'possible',
  'important',
  'true',
  'hard',
  'easy',
  'worth',
  'clear',
  'useful',
  'necessary',
  'common',
]);
const PERSON_PRONOUNS = new Set(['he', 'she', 'him', 'his']);
const THING_PRONOUNS = new Set(['them', 'ones']);
// "what the _____ does", "who the _____ is": the blank described with no subject matter.
const ASKING = new Set(['what', 'who', 'which', 'where', 'how']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'your', 'our']);
const DESCRIBING = new Set([
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'mean',
  'means',
  'look',
  'looks',
]);
// Verbs and nouns every sentence of speech has: no word of meaning.
const EMPTY_WORDS = new Set(
  'be have do get go make say know think want like mean thing stuff lot way kind sort bit other same own time times much many more most few less only'.split(
    ' ',
  ),
);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);
const TERM_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const NOUN_POS = new Set(['NOUN', 'PROPN']);

const MIN_MEANING_WORDS = 2;
// The word beside a blank predicts the answer when it comes with it this share of the times the lecture says it.
const PREDICTS_SHARE = 0.6;
// A slot reaches this many words of grammar past the blank to its word of meaning.
const SLOT_GRAMMAR_WORDS = 2;

const isWord = (tokens: TokenTable, at: number) => /^[\p{L}'’-]+$/u.test(tokens.value[at] ?? '');
const isMeaning = (tokens: TokenTable, at: number) =>
  ['NOUN', 'PROPN', 'VERB', 'ADJ'].includes(tokens.pos[at] ?? '') &&
  (tokens.normal[at]?.length ?? 0) >= 2 &&
  isWord(tokens, at) &&
  !EMPTY_WORDS.has(tokens.lemma[at] ?? '');

/** A word as a concept: lower case, a plural's ending dropped ("presses" is "press", "lists" "list"). */
export function concept(word: string): string {
  const lower = word.toLowerCase().replace(/’/gu, "'");
  if (lower.length > 4 && /[^aeiou]ies$/u.test(lower)) return `${lower.slice(0, -3)}y`;
  if (lower.length > 4 && /(?:ss|x|z|ch|sh)es$/u.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && /[^s]s$/u.test(lower) && !/(?:us|is)$/u.test(lower)) return lower.slice(0, -1);
  return lower;
}

const conceptsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter(Boolean)
    .map(concept);

/**
 * The lecture's words in a row as concepts, a bar where a sentence mark stood, how often each word is said, and the
 * nouns it counts ("a slope", "every key").
 */
interface LectureSequence {
  sequence: string;
  said: Map<string, number>;
  forms: Set<string>;
  counted: Set<string>;
}

const COUNTING = new Set(['a', 'an', 'one', 'each', 'every', 'another']);
const PHRASE_POS = new Set(['ADJ', 'NOUN', 'PROPN']);

const sequences = new WeakMap<TranscriptAnalysis, LectureSequence>();

function lectureSequence(analysis: TranscriptAnalysis): LectureSequence {
  const cached = sequences.get(analysis);
  if (cached) return cached;
  const { tokens } = analysis;
  const keys: string[] = [];
  const said = new Map<string, number>();
  const forms = new Set<string>();
  const counted = new Set<string>();
  const count = (key: string) => said.set(key, (said.get(key) ?? 0) + 1);
  for (let at = 0; at < tokens.count; at += 1) {
    const value = tokens.value[at] ?? '';
    forms.add(tokens.normal[at] ?? value);
    if (COUNTING.has(tokens.normal[at] ?? '')) {
      // The head of the noun phrase counted: "a printing revolution" counts "revolution".
      let head = at + 1;
      while (PHRASE_POS.has(tokens.pos[head + 1] ?? '')) head += 1;
      if (NOUN_POS.has(tokens.pos[head] ?? '')) counted.add(tokens.normal[head] ?? '');
    }
    if (/[\p{L}\p{N}]/u.test(value)) {
      const key = concept(tokens.normal[at] ?? value);
      keys.push(key);
      count(key);
      const lemma = tokens.lemma[at];
      if (lemma && concept(lemma) !== key) count(`lemma:${lemma}`);
    } else if (/[.!?;:,"“”()]/u.test(value)) keys.push('|');
  }
  const built = { sequence: ` ${keys.join(' ')} `, said, forms, counted };
  sequences.set(analysis, built);
  return built;
}

/** How many times the lecture says these words in a row, with no sentence mark between them. */
function timesSaid(analysis: TranscriptAnalysis, words: readonly string[]): number {
  const { sequence, said } = lectureSequence(analysis);
  const key = words.map(concept).join(' ');
  if (words.length === 1) return said.get(key) ?? 0;
  return sequence.split(` ${key} `).length - 1;
}

/**
 * A plural the lecture may be offered in: one it says, or that of a noun it counts ("a slope": "slopes"); never
 * that of a word it does not count ("data": "datas"), nor an unsaid plural of a word it says in capitals ("a GPT"
 * is no "gpts").
 */
export function pluralIsSaid(
  analysis: TranscriptAnalysis,
  pluralWord: string,
  singularWord: string,
): boolean {
  const { forms, counted } = lectureSequence(analysis);
  if (forms.has(pluralWord.toLowerCase())) return true;
  return counted.has(singularWord.toLowerCase()) && !saidInCapitals(analysis, singularWord);
}

function saidInCapitals(analysis: TranscriptAnalysis, word: string): boolean {
  const { tokens } = analysis;
  const lower = word.toLowerCase();
  for (let at = 0; at < tokens.count; at += 1)
    if (tokens.normal[at] === lower && /^\p{Lu}{2,}$/u.test(tokens.value[at] ?? '')) return true;
  return false;
}

/**
 * The blanked sentence means something on its own: it does not start by pointing back ("This", "It", "Here's"),
 * names no one and nothing only by a pronoun ("he", "them", "ones" with nothing named before), does not describe the
 * blank with no subject matter ("what the _____ does") nor blank one item of a bare list ("OpenAI, _____,
 * Anthropic"), and holds two words of meaning beside the blank, one the
 * lecture says again elsewhere.
 */
export function blankStandsAlone(analysis: TranscriptAnalysis, sentence: Sentence, hit: PhraseHit): boolean {
  const { tokens } = analysis;
  let first = sentence.firstToken;
  while (
    first < hit.firstToken &&
    (OPENERS.has(tokens.normal[first] ?? '') || !/[\p{L}\p{N}]/u.test(tokens.value[first] ?? ''))
  )
    first += 1;
  const opening = first === hit.firstToken ? '' : (tokens.normal[first] ?? '');
  if (POINTING.has(opening) && !emptyIt(tokens, first)) return false;
  if (describesBlankOnly(tokens, hit) || blanksAListItem(tokens, hit)) return false;
  if (unnamedPronoun(tokens, sentence, hit)) return false;
  const meaning: number[] = [];
  for (let at = first; at <= sentence.lastToken; at += 1)
    if ((at < hit.firstToken || at > hit.lastToken) && isMeaning(tokens, at)) meaning.push(at);
  if (new Set(meaning.map((at) => tokens.lemma[at])).size < MIN_MEANING_WORDS) return false;
  return meaning.some(
    (at) =>
      Math.max(
        timesSaid(analysis, [tokens.normal[at] ?? '']),
        lectureSequence(analysis).said.get(`lemma:${tokens.lemma[at] ?? ''}`) ?? 0,
      ) >= 2,
  );
}

function emptyIt(tokens: TokenTable, at: number): boolean {
  if (tokens.normal[at] !== 'it' || !['is', "'s", '’s', 'was'].includes(tokens.normal[at + 1] ?? ''))
    return false;
  return [at + 2, at + 3].some((next) => EMPTY_IT_ADJECTIVES.has(tokens.normal[next] ?? ''));
}

// "OpenAI, _____, Anthropic": any other item of the list would fill the blank.
function blanksAListItem(tokens: TokenTable, hit: PhraseHit): boolean {
  return (
    tokens.value[hit.firstToken - 1] === ',' &&
    /[\p{L}\p{N}]/u.test(tokens.value[hit.firstToken - 2] ?? '') &&
    [',', 'and', 'or'].includes(tokens.normal[hit.lastToken + 1] ?? '')
  );
}

function describesBlankOnly(tokens: TokenTable, hit: PhraseHit): boolean {
  return (
    DETERMINERS.has(tokens.normal[hit.firstToken - 1] ?? '') &&
    ASKING.has(tokens.normal[hit.firstToken - 2] ?? '') &&
    DESCRIBING.has(tokens.normal[hit.lastToken + 1] ?? '')
  );
}

// "he" with no name before it; "them"/"ones" before the blank with no plural before them, "they" with no noun.
function unnamedPronoun(tokens: TokenTable, sentence: Sentence, hit: PhraseHit): boolean {
  let named = false;
  let plural = false;
  let noun = false;
  for (let at = sentence.firstToken; at <= sentence.lastToken; at += 1) {
    if (at >= hit.firstToken && at <= hit.lastToken) continue;
    const word = tokens.normal[at] ?? '';
    const pos = tokens.pos[at] ?? '';
    if (PERSON_PRONOUNS.has(word) && !named) return true;
    if (at < hit.firstToken) {
      if (THING_PRONOUNS.has(word) && !plural) return true;
      if (word === 'they' && !noun) return true;
    }
    if (pos === 'PROPN') named = true;
    if (NOUN_POS.has(pos)) {
      noun = true;
      if (tokens.lemma[at] !== word || /[^s]s$/u.test(word)) plural = true;
    }
  }
  return false;
}

/**
 * The blank is half of a fixed phrase: the word of meaning beside it comes with the whole answer at least twice and
 * in 60% of the times the lecture says it ("use chat _____" → "GPT", "_____ recall" → "active").
 */
export function blankIsHalfAPhrase(analysis: TranscriptAnalysis, hit: PhraseHit, answer: string): boolean {
  const { tokens } = analysis;
  const answerWords = conceptsOf(answer);
  const predicts = (at: number, phrase: string[]) => {
    if (at < 0 || at >= tokens.count || !isMeaning(tokens, at)) return false;
    const together = timesSaid(analysis, phrase);
    return together >= 2 && together >= timesSaid(analysis, [tokens.normal[at] ?? '']) * PREDICTS_SHARE;
  };
  const before = hit.firstToken - 1;
  const after = hit.lastToken + 1;
  return (
    predicts(before, [tokens.normal[before] ?? '', ...answerWords]) ||
    predicts(after, [...answerWords, tokens.normal[after] ?? ''])
  );
}

/**
 * A term wrong options may be taken from: said at least once as a noun phrase (nouns, names, adjectives, numbers,
 * a word in -ing where a noun goes, ending on a noun; no word of grammar), never straight after "is" or a pronoun
 * ("it's likely going to…").
 */
export function saidAsNounPhrase(analysis: TranscriptAnalysis, occurrences: readonly PhraseHit[]): boolean {
  const { tokens } = analysis;
  const noun = (at: number) =>
    NOUN_POS.has(tokens.pos[at] ?? '') ||
    (tokens.pos[at] === 'VERB' &&
      (tokens.normal[at] ?? '').endsWith('ing') &&
      ['ADP', 'DET', 'ADJ', 'PUNCT', undefined].includes(tokens.pos[at - 1]));
  return occurrences.some(({ firstToken, lastToken }) => {
    for (let at = firstToken; at <= lastToken; at += 1)
      if ((!TERM_POS.has(tokens.pos[at] ?? '') && !noun(at)) || tokens.stop[at]) return false;
    const before = firstToken - 1;
    const afterVerb = tokens.pos[before] === 'AUX' || SUBJECT_PRONOUNS.has(tokens.normal[before] ?? '');
    return noun(lastToken) && !afterVerb;
  });
}

// The blank's neighbours on one side, out to the `meaningWords`-th word of meaning, never over a sentence mark nor
// more than two words of grammar in a row; null when that side has not so many.
function slotSide(
  analysis: TranscriptAnalysis,
  sentence: Sentence,
  hit: PhraseHit,
  side: 'before' | 'after',
  meaningWords: number,
): string[] | null {
  const { tokens } = analysis;
  const step = side === 'before' ? -1 : 1;
  const taken: string[] = [];
  let meaning = 0;
  let grammar = 0;
  for (
    let at = side === 'before' ? hit.firstToken - 1 : hit.lastToken + 1;
    at >= sentence.firstToken && at <= sentence.lastToken;
    at += step
  ) {
    if (!/[\p{L}\p{N}]/u.test(tokens.value[at] ?? '')) return null;
    taken.push(tokens.normal[at] ?? '');
    if (isMeaning(tokens, at)) {
      meaning += 1;
      grammar = 0;
      if (meaning === meaningWords) return side === 'before' ? taken.reverse() : taken;
    } else if ((grammar += 1) > SLOT_GRAMMAR_WORDS) return null;
  }
  return null;
}

/**
 * The lecture puts this option where the answer stands: it says it between the blank's neighbours out to the nearest
 * word of meaning on each side or, with such a word on one side only, out to that side's second one. Such an option
 * would complete the sentence too.
 */
export function fillsTheSlot(
  analysis: TranscriptAnalysis,
  sentence: Sentence,
  hit: PhraseHit,
  option: string,
): boolean {
  const words = conceptsOf(option);
  const says = (phrase: string[]) => timesSaid(analysis, phrase) > 0;
  const left = slotSide(analysis, sentence, hit, 'before', 1);
  const right = slotSide(analysis, sentence, hit, 'after', 1);
  if (left && right) return says([...left, ...words, ...right]);
  const wider = left
    ? slotSide(analysis, sentence, hit, 'before', 2)
    : right && slotSide(analysis, sentence, hit, 'after', 2);
  if (!wider) return false;
  return says(left ? [...wider, ...words] : [...words, ...wider]);
}

// "an" before a word that starts with a vowel sound; "a" before the rest ("a unit", "an hour").
const vowelSound = (word: string) =>
  (/^[aeiou]/iu.test(word) && !/^(?:uni|use|usu|eu|one|once)/iu.test(word)) ||
  /^(?:hour|honest|honou?r|heir)/iu.test(word);
const PREPOSITIONS = new Set(
  'at on in by of for with from into onto about to under over through without between within'.split(' '),
);
const PHRASE_NEIGHBOURS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const BARE_AFTER = new Set(['ADP', 'VERB', 'AUX', 'PUNCT']);

/**
 * The option reads as well as the answer in the blank's grammar: after "a" or "an", it takes the same article
 * ("before an _____": "exam", never "practice" beside it); after a preposition with no article, where the answer is
 * a singular word, a singular option is one the lecture says bare too ("at _____": "risk", not "user", which the
 * talk only says as "the user"; "by _____": "hand", not "peak").
 */
export function fitsTheGrammar(
  analysis: TranscriptAnalysis,
  hit: PhraseHit,
  answer: string,
  option: string,
): boolean {
  const { tokens } = analysis;
  const before = tokens.normal[hit.firstToken - 1] ?? '';
  if (before === 'a' || before === 'an') return vowelSound(option) === vowelSound(answer);
  if (!PREPOSITIONS.has(before)) return true;
  const singular = (text: string) => {
    const last = text.split(/\s+/u).at(-1) ?? '';
    return concept(last) === last.toLowerCase() && !/^\p{Lu}/u.test(text);
  };
  return !singular(answer) || !singular(option) || saidBare(analysis, option);
}

// Said at least once as it would stand in the blank: in this very form (the plural "essays" said bare is no bare
// "essay"), as a whole noun phrase ("we study" is no bare "study", nor is "user" in "user experience"), and after a
// preposition, a verb or a sentence mark with no determiner between ("in debt", "by hand"), not after "and", which
// may share one ("the prompt and query").
function saidBare(analysis: TranscriptAnalysis, phrase: string): boolean {
  const { tokens } = analysis;
  const words = phrase.toLowerCase().split(/\s+/u).filter(Boolean);
  for (let at = 0; at + words.length <= tokens.count; at += 1) {
    if (!words.every((word, offset) => tokens.normal[at + offset] === word)) continue;
    const last = at + words.length - 1;
    const wholeNoun =
      ['NOUN', 'PROPN'].includes(tokens.pos[last] ?? '') &&
      !PHRASE_NEIGHBOURS.has(tokens.pos[last + 1] ?? '');
    const previous = at - 1;
    if (wholeNoun && (previous < 0 || BARE_AFTER.has(tokens.pos[previous] ?? ''))) return true;
  }
  return false;
}
