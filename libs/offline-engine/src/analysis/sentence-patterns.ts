import { isVagueWord, type KeyTerm } from './key-terms';
import type { TokenTable } from '../reading/nlp';
import { hasDemonstrativePhrase, isReferringWord, opensWithReference } from './references';
import { capitalise, displaySentence } from '../writing/text-style';
import type { Sentence, TranscriptAnalysis } from './transcript-analysis';

// Patterns read from wink-nlp's tokens and tags: definitions ("X is a ...") for flashcards and cues, advice and
// imperatives for the action plan.

const LEAD_INS = new Set([
  'so',
  'and',
  'now',
  'okay',
  'ok',
  'well',
  'then',
  'also',
  'but',
  'um',
  'uh',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'finally',
  'next',
  'lastly',
  'firstly',
  'secondly',
  'thirdly',
  'right',
  'alright',
  'please',
]);
const DEFINING_VERBS = new Set(['is', 'are', 'was', 'were', 'means', 'refers']);
const COPULAS = new Set(['is', 'are', 'was', 'were']);
const DEFINITION_STARTS = new Set([
  'a',
  'an',
  'the',
  'what',
  'how',
  'when',
  'where',
  'simply',
  'basically',
  'called',
  'defined',
  'just',
]);
// A determiner other than the article ("every other element", "each node", "no function") makes a phrase about
// some of a thing, not the name of one.
const NOT_SUBJECT_POS = new Set([
  'DET',
  'PRON',
  'AUX',
  'VERB',
  'ADP',
  'SCONJ',
  'CCONJ',
  'PART',
  'INTJ',
  'NUM',
  'ADV',
]);

/** The first token after lead-ins such as "so", "now" or "second,". */
export function contentStart(analysis: TranscriptAnalysis, sentence: Sentence): number {
  const { tokens } = analysis;
  let index = sentence.firstToken;
  while (index <= sentence.lastToken) {
    const type = tokens.type[index];
    if (type === 'punctuation' || LEAD_INS.has(tokens.normal[index] ?? '')) index += 1;
    else break;
  }
  return index;
}

export interface Definition {
  sentence: Sentence;
  /** The defined term as spoken, without its article. */
  term: string;
  /** The term with its article, if it had one ("the testing effect"), for questions. */
  termWithArticle: string;
  plural: boolean;
  /** Said in the past tense ("A dreadnought was …"): asked that way too. */
  past?: boolean;
  /** The definition as it appears in the transcript. */
  answer: string;
  /** Where a term is named before the statement that explains it ("… which is called a dark pattern."). */
  namedIn?: Sentence;
}

const ARTICLES = new Set(['a', 'an', 'the']);
const HEDGES = new Set(['just', 'simply', 'basically']);
const NAME_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const MAX_TERM_WORDS = 4;

/** "Encoding is the process of ...", "The forgetting curve is a graph ...", "X means ..." */
export function findDefinition(analysis: TranscriptAnalysis, sentence: Sentence): Definition | null {
  const { tokens } = analysis;
  // "Steve is a librarian, or Steve is a farmer?" asks; it defines nothing. A piece of speech that stops where the
  // speaker went on states nothing whole.
  if (sentence.question || sentence.runsOn) return null;
  const start = contentStart(analysis, sentence);
  const limit = Math.min(sentence.lastToken - 3, start + MAX_TERM_WORDS + 1);
  for (let verb = start + 1; verb <= limit; verb += 1) {
    const word = tokens.normal[verb] ?? '';
    if (!DEFINING_VERBS.has(word)) continue;
    const next = tokens.normal[verb + 1] ?? '';
    // "Meiosis is division that makes gametes": a bare noun defines too, an adjective ("is important") does not.
    const bareNoun = tokens.pos[verb + 1] === 'NOUN' && !isVagueWord(next);
    if (COPULAS.has(word) && ((!DEFINITION_STARTS.has(next) && !bareNoun) || next === 'called')) return null;
    // "Kids were just saying, …": a verb after "just" or "simply" tells what someone did, it defines nothing.
    if (COPULAS.has(word) && HEDGES.has(next) && tokens.pos[verb + 2] === 'VERB') return null;
    if (word === 'refers' && next !== 'to') return null;
    const article = ARTICLES.has(tokens.normal[start] ?? '') ? (tokens.normal[start] ?? '') : '';
    const subjectStart = article ? start + 1 : start;
    if (subjectStart >= verb || !isNamedSubject(analysis, subjectStart, verb - 1)) return null;
    if (sentence.lastToken - verb < 4) return null;
    if (hasDemonstrativePhrase(tokens, verb, sentence.lastToken)) return null;
    const end = clauseEnd(analysis, sentence, verb);
    if (!ofSubstance(tokens, verb + 1, end)) return null;
    const term = termCase(analysis, subjectStart, sliceText(analysis, subjectStart, verb - 1));
    return {
      sentence,
      term,
      termWithArticle: article ? `${article} ${term}` : term,
      plural: word === 'are' || word === 'were',
      past: word === 'was' || word === 'were',
      answer: sliceText(analysis, start, end),
    };
  }
  return null;
}

// How a statement opens when it says what the term just named is: "And what that means is …", "It's essentially …".
const EXPLAINING_START =
  /^(?:(?:and|so|now)[,]?\s+)?(?:what (?:that|this) means is|(?:it|this|that)(?:'s| is) (?:essentially|basically)|in other words)\b/i;
// A statement between the name and its explanation ("And we haven't yet found what that is.") is a short one.
const MAX_WORDS_BETWEEN = 10;

/**
 * "… which is called a dark pattern." then "And what that means is, we can simplify a UX …": a term named at the
 * end of a sentence and explained by a statement just after it, which is the answer, whole.
 */
export function findExplainedNaming(analysis: TranscriptAnalysis, sentence: Sentence): Definition | null {
  const { tokens } = analysis;
  if (sentence.question || sentence.runsOn) return null;
  let nameEnd = sentence.lastToken;
  while (nameEnd > sentence.firstToken && tokens.type[nameEnd] !== 'word') nameEnd -= 1;
  let called = nameEnd - 1;
  while (called > nameEnd - MAX_TERM_WORDS - 2 && tokens.normal[called] !== 'called') called -= 1;
  if (called <= sentence.firstToken || tokens.normal[called] !== 'called') return null;
  const article = ARTICLES.has(tokens.normal[called + 1] ?? '') ? (tokens.normal[called + 1] ?? '') : '';
  const nameStart = article ? called + 2 : called + 1;
  if (nameStart > nameEnd || !['NOUN', 'PROPN'].includes(tokens.pos[nameEnd] ?? '')) return null;
  for (let token = nameStart; token <= nameEnd; token += 1)
    if (tokens.type[token] !== 'word' || !NAME_POS.has(tokens.pos[token] ?? '')) return null;
  if (!isNamedSubject(analysis, nameStart, nameEnd)) return null;
  const explanation = explainingStatement(analysis, sentence.index);
  if (!explanation) return null;
  const term = sliceText(analysis, nameStart, nameEnd);
  const last = tokens.normal[nameEnd] ?? '';
  const termWithArticle = article ? `${article} ${term}` : term;
  const plural = (tokens.lemma[nameEnd] ?? '').toLowerCase() !== last;
  return {
    sentence: explanation,
    term,
    termWithArticle,
    plural,
    answer: explanationOf(termWithArticle, plural, explanation.text),
    namedIn: sentence,
  };
}

/**
 * The explanation as an answer that stands alone: its opener, which points back at the name, gives way to the name
 * ("And what that means is, we can …" → "A dark pattern means we can …"; "It's essentially the amount …" →
 * "Productive resistance is essentially the amount …"; "In other words, …" → "…").
 */
function explanationOf(termWithArticle: string, plural: boolean, text: string): string {
  const opener = EXPLAINING_START.exec(text.trim());
  if (!opener) return text;
  const rest = text
    .trim()
    .slice(opener[0].length)
    .replace(/^[\s,:]+/u, '');
  const adverb = /\b(essentially|basically)$/iu.exec(opener[0])?.[1]?.toLowerCase();
  const term = capitalise(termWithArticle);
  if (adverb) return `${term} ${plural ? 'are' : 'is'} ${adverb} ${rest}`;
  if (/means is$/iu.test(opener[0])) return `${term} ${plural ? 'mean' : 'means'} ${rest}`;
  return capitalise(rest);
}

/** The statement after sentence `index`, or after a short one that follows it, that opens by explaining. */
function explainingStatement(analysis: TranscriptAnalysis, index: number): Sentence | null {
  for (const next of [analysis.sentences[index + 1], analysis.sentences[index + 2]]) {
    if (!next || next.question || next.runsOn) return null;
    if (EXPLAINING_START.test(next.raw.trim()) && next.wordCount >= 6) return next;
    if (next.wordCount > MAX_WORDS_BETWEEN) return null;
  }
  return null;
}

/**
 * "… an enzyme called RuBisCO fixes …", "stacks of flattened discs called thylakoids", "the fluid … is called the
 * stroma": the name after "called" is the term, and what it names is the answer, read from the transcript.
 */
export function findNaming(analysis: TranscriptAnalysis, sentence: Sentence): Definition | null {
  const { tokens } = analysis;
  if (sentence.question || sentence.runsOn) return null;
  for (let called = sentence.firstToken + 1; called < sentence.lastToken; called += 1) {
    if (tokens.normal[called] !== 'called' && tokens.normal[called] !== 'named') continue;
    const article = ARTICLES.has(tokens.normal[called + 1] ?? '') ? (tokens.normal[called + 1] ?? '') : '';
    const nameStart = article ? called + 2 : called + 1;
    let nameEnd = nameStart - 1;
    while (
      nameEnd + 1 <= sentence.lastToken &&
      nameEnd + 1 - nameStart < MAX_TERM_WORDS &&
      tokens.type[nameEnd + 1] === 'word' &&
      NAME_POS.has(tokens.pos[nameEnd + 1] ?? '')
    )
      nameEnd += 1;
    while (nameEnd >= nameStart && !['NOUN', 'PROPN'].includes(tokens.pos[nameEnd] ?? '')) nameEnd -= 1;
    if (nameEnd < nameStart || NAME_POS.has(tokens.pos[nameEnd + 1] ?? '')) continue;
    nameEnd = wholeName(analysis, sentence, nameStart, nameEnd);
    // "a scrap of paper", "the marginal propensity to consume": the name runs on past what can be read as one.
    if (['of', 'to'].includes(tokens.normal[nameEnd + 1] ?? '')) continue;
    if (!isNamedSubject(analysis, nameStart, nameEnd)) continue;
    const named = namedThing(analysis, sentence, called, nameEnd);
    if (named === null) continue;
    const term = sliceText(analysis, nameStart, nameEnd);
    const last = tokens.normal[nameEnd] ?? '';
    const plural =
      (tokens.lemma[nameEnd] ?? '').toLowerCase() !== last ||
      (/s$/.test(last) && !/(?:ss|us|is)$/.test(last));
    return {
      sentence,
      term,
      termWithArticle: article === 'the' ? `the ${term}` : term,
      plural,
      answer: named,
    };
  }
  return null;
}

// A name that runs to the end of its clause ("called ATP synthase, which …") is whole. One that runs on into the
// sentence may have swallowed its verb ("called RuBisCO fixes carbon dioxide from …", the verb tagged as a noun):
// the longest start of it that the lecture says again elsewhere is the name.
function wholeName(analysis: TranscriptAnalysis, sentence: Sentence, first: number, last: number): number {
  const { tokens } = analysis;
  const next = tokens.value[last + 1] ?? '';
  // A clause that follows the name ("called ATP synthase which makes ATP") ends it as surely as a comma.
  const clauseFollows = ['which', 'that', 'who', 'and', 'but', 'or'].includes(tokens.normal[last + 1] ?? '');
  if (last === sentence.lastToken || /^[,.;:!?)]/.test(next) || clauseFollows) return last;
  const text = analysis.text.toLowerCase();
  for (let end = last; end > first; end -= 1) {
    const name = sliceText(analysis, first, end).toLowerCase();
    if (text.indexOf(name) !== text.lastIndexOf(name)) return end;
  }
  return first;
}

// What a name after "called" names: the noun phrase just before it ("an enzyme called X …", to the end of the
// sentence), or the subject of "… is called X". Null when that phrase points elsewhere ("It's called …",
// "the fluid that surrounds those stacks").
function namedThing(
  analysis: TranscriptAnalysis,
  sentence: Sentence,
  called: number,
  nameEnd: number,
): string | null {
  const { tokens } = analysis;
  let verb = called - 1;
  while (verb > sentence.firstToken && tokens.pos[verb] === 'ADV') verb -= 1;
  if (['is', 'are', "'s", "'re", 'was', 'were'].includes(tokens.normal[verb] ?? '')) {
    const start = contentStart(analysis, sentence);
    if (start >= verb || opensWithReference(tokens, start, verb - 1)) return null;
    if (hasDemonstrativePhrase(tokens, start, verb - 1) || hasReferringWord(tokens, start, verb - 1))
      return null;
    // "The second line is called …": an ordinal or a grading word points back at a list, it names nothing; nor
    // do "the latter", "each" or "everything".
    if (hasVagueQualifier(tokens, start, verb - 1)) return null;
    // "… activation | function is called the sigmoid function": one word names nothing the question does not.
    if (!ofSubstance(tokens, start, verb - 1)) return null;
    return sliceText(analysis, start, verb - 1);
  }
  // One noun phrase: back over nouns, adjectives and participles, up to and including its article.
  let first = called;
  let article = false;
  while (first - 1 >= sentence.firstToken) {
    const previous = first - 1;
    const pos = tokens.pos[previous] ?? '';
    const word = tokens.normal[previous] ?? '';
    const participle = pos === 'VERB' && /(?:ed|en)$/.test(word);
    if (word === 'a' || word === 'an') {
      first = previous;
      article = true;
      break;
    }
    if ((NAME_POS.has(pos) && pos !== 'NUM') || participle) first = previous;
    else break;
  }
  const head = called - 1;
  if (!['NOUN', 'PROPN'].includes(tokens.pos[head] ?? '') || first >= called) return null;
  // What is named is introduced as something new: "an enzyme called …", "chemical signals called …". A name or
  // a bare singular before "called" is someone who called it something ("in Serbia called …", "what one diplomat
  // called …").
  const pluralHead = /s$/.test(tokens.normal[head] ?? '') && tokens.pos[head] === 'NOUN';
  if (!article && !pluralHead) return null;
  if (tokens.pos[first] === 'PROPN' || /ing$/.test(tokens.normal[first] ?? '')) return null;
  // "an element called the pivot", "battleships called dreadnoughts": the answer has to say more than the question.
  const end = clauseEnd(analysis, sentence, called);
  const described =
    namingWords(tokens, article ? first + 1 : first, called - 1) + namingWords(tokens, nameEnd + 1, end);
  if (described < 2) return null;
  if (hasDemonstrativePhrase(tokens, first, end) || hasReferringWord(tokens, first, called - 1)) return null;
  return sliceText(analysis, first, end);
}

// The end of the clause a name is given in: before ", and …", "; …" or "but …", so an answer never runs on into
// the next thought ("… releases histamine, and histamine is what makes your eyes water").
function clauseEnd(analysis: TranscriptAnalysis, sentence: Sentence, from: number): number {
  const { tokens } = analysis;
  for (let token = from + 1; token <= sentence.lastToken; token += 1) {
    const word = tokens.normal[token] ?? '';
    if (word === ';' || word === ':') return token - 1;
    if ((word === 'and' || word === 'but') && opensNewClause(tokens, token + 1))
      return tokens.value[token - 1] === ',' ? token - 2 : token - 1;
  }
  return sentence.lastToken;
}

// "… and it hangs around", "… and when Britain launched …": a subject pronoun or a subordinating word, not a
// list's next item ("debris, dead cells, and microbes").
function opensNewClause(tokens: TokenTable, token: number): boolean {
  const pos = tokens.pos[token] ?? '';
  const word = tokens.normal[token] ?? '';
  return (pos === 'PRON' && word !== 'what') || pos === 'SCONJ' || word === 'when' || word === 'then';
}

// Words that say something about a thing ("carrier molecule"), not placeholders ("a process called …").
function namingWords(tokens: TokenTable, first: number, last: number): number {
  let words = 0;
  for (let token = first; token <= last; token += 1)
    if (
      tokens.type[token] === 'word' &&
      !tokens.stop[token] &&
      !isVagueWord((tokens.lemma[token] ?? '').toLowerCase())
    )
      words += 1;
  return words;
}

// An answer of substance says at least two things about what it defines ("the basic building block of every
// neural network"), never one generic word ("Function.").
function ofSubstance(tokens: TokenTable, first: number, last: number): boolean {
  return namingWords(tokens, first, last) >= 2;
}

function hasVagueQualifier(tokens: TokenTable, first: number, last: number): boolean {
  for (let token = first; token < last; token += 1) {
    const word = tokens.normal[token] ?? '';
    if (ARTICLES.has(word)) continue;
    if (isVagueWord(word) || tokens.pos[token] === 'NUM') return true;
  }
  return false;
}

// A subject that names a thing: nouns, adjectives and participles only, no pronoun or demonstrative, and not a
// placeholder ("the result", "the trick") unless a naming word qualifies it.
function isNamedSubject(analysis: TranscriptAnalysis, first: number, last: number): boolean {
  const { tokens } = analysis;
  if (last - first + 1 > MAX_TERM_WORDS) return false;
  const words: string[] = [];
  for (let token = first; token <= last; token += 1) {
    const pos = tokens.pos[token] ?? '';
    const participle = pos === 'VERB' && /(?:ing|ed)$/.test(tokens.normal[token] ?? '');
    if (tokens.type[token] !== 'word' || isReferringWord(tokens, token)) return false;
    if (NOT_SUBJECT_POS.has(pos) && !participle) return false;
    words.push((tokens.lemma[token] ?? '').toLowerCase());
  }
  const headPos = tokens.pos[last] ?? '';
  if (headPos !== 'NOUN' && headPos !== 'PROPN' && !/ing$/.test(tokens.normal[last] ?? '')) return false;
  const head = words[words.length - 1] ?? '';
  const qualifiers = words.slice(0, -1).filter((word) => !isVagueWord(word));
  return !isVagueWord(head) || (qualifiers.length > 0 && qualifiers.length === words.length - 1);
}

function hasReferringWord(tokens: TokenTable, first: number, last: number): boolean {
  for (let token = first; token <= last; token += 1) if (isReferringWord(tokens, token)) return true;
  return false;
}

// A capital that only marks the start of the sentence is lowered ("Encoding is …" → "encoding"); a name keeps it
// ("The Calvin cycle is …" → "Calvin cycle", "RuBisCO"): capitals inside it, or a phrase tagged as a name and
// never said in lower case.
function termCase(analysis: TranscriptAnalysis, first: number, term: string): string {
  if (!/^[A-Z][a-z]/.test(term) || /[A-Z]/.test(term.slice(1))) return term;
  const lowered = term.charAt(0).toLowerCase() + term.slice(1);
  if (analysis.text.includes(lowered)) return lowered;
  // A single word at the start of a sentence is tagged as a name too often ("Mitosis is …") to trust the tag; one
  // the lecture also capitalises in mid-sentence ("because Steve fits …") is a name.
  const name = term.includes(' ')
    ? analysis.tokens.pos[first] === 'PROPN'
    : capitalisedMidSentence(analysis, term);
  return name ? term : lowered;
}

function capitalisedMidSentence(analysis: TranscriptAnalysis, word: string): boolean {
  const { tokens } = analysis;
  for (let token = 1; token < tokens.count; token += 1) {
    if (tokens.value[token] !== word) continue;
    const before = tokens.value[token - 1] ?? '';
    if (!/^[.!?…:"“‘'([]+$/.test(before)) return true;
  }
  return false;
}

function sliceText(analysis: TranscriptAnalysis, first: number, last: number): string {
  const { tokens } = analysis;
  return analysis.text.slice(
    tokens.offset[first] ?? 0,
    (tokens.offset[last] ?? 0) + (tokens.value[last]?.length ?? 0),
  );
}

const ADVICE_OPENERS: Array<{ words: string[]; keep: boolean }> = [
  { words: ['you', 'should'], keep: false },
  { words: ['you', 'need', 'to'], keep: false },
  { words: ['you', 'have', 'to'], keep: false },
  { words: ['you', 'must'], keep: false },
  { words: ['you', 'want', 'to'], keep: false },
  { words: ['you', 'might', 'want', 'to'], keep: false },
  { words: ['i', 'want', 'you', 'to'], keep: false },
  { words: ['i', 'recommend', 'that', 'you'], keep: false },
  { words: ['i', 'recommend', 'you'], keep: false },
  { words: ['i', 'suggest', 'you'], keep: false },
  { words: ['my', 'advice', 'is', 'to'], keep: false },
  { words: ['it', "'s", 'important', 'to'], keep: false },
  { words: ['it', 'is', 'important', 'to'], keep: false },
  { words: ['we', 'should'], keep: false },
  { words: ['make', 'sure'], keep: true },
  { words: ['try', 'to'], keep: true },
  { words: ['remember', 'to'], keep: true },
  { words: ['do', "n't"], keep: true },
  { words: ['do', 'not'], keep: true },
  { words: ['never'], keep: true },
  { words: ['always'], keep: true },
];
// Imperatives that walk through the lecture ("Imagine you drive …", "Now slide the second point …") rather
// than tell the student what to do.
const NOT_ACTIONS = new Set([
  'let',
  'thank',
  'see',
  'imagine',
  'say',
  'look',
  'suppose',
  'welcome',
  'notice',
  'compare',
  'consider',
  'picture',
  'think',
  'here',
  'go',
  'come',
  'get',
  'be',
  'have',
  'is',
  'are',
  'was',
  'were',
  'keep',
  'hold',
  'watch',
  'listen',
  'wait',
]);
// What a student does to learn: an imperative with one of these is advice even when it does not say "you".
const STUDY_VERBS = new Set([
  'review',
  'revise',
  'practise',
  'practice',
  'test',
  'quiz',
  'write',
  'explain',
  'teach',
  'summarise',
  'summarize',
  'draw',
  'sketch',
  'solve',
  'try',
  'attempt',
  'read',
  'reread',
  'cite',
  'choose',
  'plan',
  'schedule',
  'space',
  'memorise',
  'memorize',
  'recall',
  'check',
  'derive',
  'prove',
  'redo',
  'study',
  'learn',
  'list',
  'label',
  'trace',
  'calculate',
  'compute',
  'work',
  'start',
  'build',
  'pick',
  'decide',
  'implement',
  'rewrite',
  'answer',
]);
const ADDRESSES_STUDENT = new Set(['you', 'your', 'yourself', 'yourselves']);

/**
 * Advice as an imperative step ("Schedule your reviews."), or null. Reads "you should X", "make sure ...",
 * "don't ..." and plain imperatives addressed to the student ("Turn your notes into questions", "Before then, try
 * the derivative of x cubed by hand"); never a sentence that narrates the lecture.
 */
export function adviceStep(analysis: TranscriptAnalysis, sentence: Sentence): string | null {
  const from = adviceStart(analysis, sentence);
  if (from === null || announces(analysis.tokens, from, sentence.lastToken)) return null;
  return step(analysis, sentence, from);
}

// Where the advice in a sentence starts (its verb, or "Make sure …", "Don't …"), or null when it gives none.
function adviceStart(analysis: TranscriptAnalysis, sentence: Sentence): number | null {
  const { tokens } = analysis;
  if (sentence.question || sentence.runsOn || sentence.wordCount < 3 || sentence.wordCount > 40) return null;
  if (quoted(sentence)) return null;
  const start = afterIntroduction(analysis, sentence, contentStart(analysis, sentence));
  for (const opener of ADVICE_OPENERS) {
    if (!opener.words.every((word, offset) => tokens.normal[start + offset] === word)) continue;
    if (opener.keep) {
      const verb = start + opener.words.length;
      if (opener.words[0] === 'make') return start;
      return isBaseVerb(tokens, verb) && !objectElsewhere(tokens, verb) ? start : null;
    }
    const from = start + opener.words.length;
    return isActionVerb(tokens, from) ? from : null;
  }
  // "Go back over the difference …", "go through your notes": reviewing, said plainly.
  if (tokens.normal[start] === 'go' && ['back', 'over', 'through'].includes(tokens.normal[start + 1] ?? ''))
    return start;
  if (!isActionVerb(tokens, start) || namesAnActivity(tokens, start) || objectElsewhere(tokens, start))
    return null;
  const verb = (tokens.lemma[start] ?? '').toLowerCase();
  let addressed = false;
  for (let token = start; token <= sentence.lastToken; token += 1)
    if (ADDRESSES_STUDENT.has(tokens.normal[token] ?? '')) addressed = true;
  return addressed || STUDY_VERBS.has(verb) ? start : null;
}

// "Catch them while you can.": an imperative whose object is somewhere else in the lecture is a line of its story,
// not a step a student can take on its own.
const OBJECTS_ELSEWHERE = new Set(['them', 'it', 'him', 'her', 'this', 'that', 'these', 'those']);
function objectElsewhere(tokens: TokenTable, verb: number): boolean {
  return OBJECTS_ELSEWHERE.has(tokens.normal[verb + 1] ?? '') && tokens.pos[verb + 2] !== 'NOUN';
}

// Words quoted from someone else ("“Examine your life,” Socrates told the jury …") are theirs, not advice.
function quoted(sentence: Sentence): boolean {
  return /["“”]/.test(sentence.raw);
}

// How the course runs, not what to study: labs, sections, rooms, office hours, problem sets and their deadlines,
// signing up and handing in ("Make sure you sign up for a lab session by Friday.").
const COURSE_BUSINESS = new Set([
  'due',
  'deadline',
  'deadlines',
  'lab',
  'labs',
  'recitation',
  'recitations',
  'syllabus',
  'pset',
  'psets',
  'register',
  'enrol',
  'enroll',
  'attend',
  'submit',
  'bring',
]);
const COURSE_PHRASES: ReadonlyArray<readonly string[]> = [
  ['problem', 'set'],
  ['problem', 'sets'],
  ['office', 'hours'],
  ['sign', 'up'],
  ['hand', 'in'],
  ['turn', 'in'],
];
/** "lab sessions", "problem set two": a term that names how the course runs, not something to study. */
export function namesCourseBusiness(term: string): boolean {
  const words = term.toLowerCase().split(/\s+/);
  return (
    words.some((word) => COURSE_BUSINESS.has(word)) ||
    COURSE_PHRASES.some((phrase) => words.join(' ').includes(phrase.join(' ')))
  );
}

/** Tokens `first` to `last` speak of how the course runs: "problem set two is already in your hands". */
export function announces(tokens: TokenTable, first: number, last: number): boolean {
  for (let token = first; token <= last; token += 1) {
    const word = tokens.normal[token] ?? '';
    if (COURSE_BUSINESS.has(word)) return true;
    if (word === 'room' && tokens.type[token + 1] === 'number') return true;
    if (
      COURSE_PHRASES.some((phrase) => phrase.every((part, offset) => tokens.normal[token + offset] === part))
    )
      return true;
  }
  return false;
}

// "For next time, try …", "Before then, try …", "For your essay, choose …": advice often opens with when or
// what it is for, up to a comma.
function afterIntroduction(analysis: TranscriptAnalysis, sentence: Sentence, start: number): number {
  const { tokens } = analysis;
  if (tokens.pos[start] !== 'ADP' && tokens.pos[start] !== 'ADV') return start;
  for (let token = start + 1; token <= Math.min(sentence.lastToken - 2, start + 5); token += 1) {
    if (tokens.value[token] === ',') return afterAside(tokens, sentence, token + 1);
    if (tokens.pos[token] === 'VERB' || tokens.pos[token] === 'AUX') return start;
  }
  return start;
}

// "For your essay, which is due in two weeks, pick …": an aside after the introduction, up to its comma.
function afterAside(tokens: TokenTable, sentence: Sentence, start: number): number {
  if (!['which', 'who', 'when'].includes(tokens.normal[start] ?? '')) return start;
  for (let token = start + 1; token <= Math.min(sentence.lastToken - 2, start + 10); token += 1)
    if (tokens.value[token] === ',') return token + 1;
  return start;
}

// "Divide and conquer is a strategy …", "Merge sort works like this …": a verb that turns out to be (part of) the
// subject of the verb after it, not an instruction.
function namesAnActivity(tokens: TokenTable, verb: number): boolean {
  let token = verb + 1;
  while (tokens.pos[token] === 'CCONJ' || tokens.pos[token] === 'VERB') token += 1;
  if (COPULAS.has(tokens.normal[token] ?? '')) return true;
  const next = verb + 2;
  const inflected = (tokens.lemma[next] ?? '').toLowerCase() !== (tokens.normal[next] ?? '');
  return (
    tokens.pos[verb + 1] === 'NOUN' &&
    tokens.pos[next] === 'VERB' &&
    inflected &&
    /s$/.test(tokens.normal[next] ?? '')
  );
}

function isBaseVerb(tokens: TokenTable, token: number): boolean {
  const word = tokens.normal[token] ?? '';
  return tokens.pos[token] === 'VERB' && (tokens.lemma[token] ?? '').toLowerCase() === word;
}

// A verb in its base form that tells the student to do something.
function isActionVerb(tokens: TokenTable, token: number): boolean {
  const word = tokens.normal[token] ?? '';
  return isBaseVerb(tokens, token) && !NOT_ACTIONS.has(word) && !/ing$/.test(word);
}

function step(analysis: TranscriptAnalysis, sentence: Sentence, from: number): string {
  const text = displaySentence(sliceText(analysis, from, sentence.lastToken), analysis.punctuated);
  return capitalise(text);
}

const CLAUSE_JOINERS = new Set(['and', 'but', 'so', 'or']);
const CLAUSE_OPENING_POS = new Set(['PRON', 'DET', 'VERB', 'AUX', 'ADV', 'SCONJ']);
const CLAUSE_ENDS = new Set([
  ',',
  ';',
  ':',
  '.',
  '?',
  '!',
  'and',
  'but',
  'because',
  'which',
  'so',
  'while',
  'whereas',
]);
const MAX_CLAUSE_WORDS = 16;

// "and" ends a clause when another clause follows ("… and it happens in the stroma"), not inside a list of
// words ("mostly red and blue light").
function endsClause(tokens: TokenTable, token: number): boolean {
  const word = tokens.normal[token] ?? '';
  if (CLAUSE_JOINERS.has(word)) return CLAUSE_OPENING_POS.has(tokens.pos[token + 1] ?? '');
  return CLAUSE_ENDS.has(word);
}

// The term is the subject of its own clause: it opens the sentence (after lead-ins) or follows a comma, with
// at most an article before it; never "some of those sugars".
function opensClause(analysis: TranscriptAnalysis, sentence: Sentence, first: number): boolean {
  const { tokens } = analysis;
  const subjectStart = ARTICLES.has(tokens.normal[first - 1] ?? '') ? first - 1 : first;
  return subjectStart === contentStart(analysis, sentence) || tokens.value[subjectStart - 1] === ',';
}

/**
 * A sentence in which the term does something ("An enzyme called RuBisCO fixes carbon dioxide from the air …"),
 * as the clause that says how ("RuBisCO fixes carbon dioxide from the air onto a five-carbon sugar"), or null.
 */
export function howClause(
  analysis: TranscriptAnalysis,
  term: KeyTerm,
): { clause: string; sentence: Sentence } | null {
  const { tokens } = analysis;
  for (const occurrence of term.occurrences) {
    if (!occurrence.standalone) continue;
    const sentence = analysis.sentences[occurrence.sentence];
    if (!sentence || !opensClause(analysis, sentence, occurrence.firstToken)) continue;
    const verb = occurrence.lastToken + 1;
    const word = tokens.normal[verb] ?? '';
    // A present-tense verb of its own ("fixes", "shows"), not a helper ("is", "can"), a participle or "means".
    if (tokens.pos[verb] !== 'VERB' || tokens.stop[verb] || /(?:ing|ed)$/.test(word)) continue;
    const lemma = (tokens.lemma[verb] ?? '').toLowerCase();
    if (NOT_ACTIONS.has(lemma) || DEFINING_VERBS.has(word) || lemma === 'mean') continue;
    let end = verb;
    let words = 0;
    while (end + 1 <= sentence.lastToken && !endsClause(tokens, end + 1) && words < MAX_CLAUSE_WORDS) {
      end += 1;
      words += 1;
    }
    if (words < 2 || (end < sentence.lastToken && !endsClause(tokens, end + 1))) continue;
    if (hasReferringWord(tokens, verb, end) || hasDemonstrativePhrase(tokens, verb, end)) continue;
    // "Lab sessions start next week in room 101" tells how the course runs, nothing to explain.
    if (announces(tokens, occurrence.firstToken, end)) continue;
    const before = tokens.normal[occurrence.firstToken - 1] ?? '';
    const article = ARTICLES.has(before) ? `${before} ` : '';
    const subject = sliceText(analysis, occurrence.firstToken, occurrence.lastToken);
    const spoken =
      subject.toLowerCase() === term.text.toLowerCase()
        ? term.text
        : termCase(analysis, occurrence.firstToken, subject);
    const clause = `${article}${spoken} ${sliceText(analysis, verb, end)}`;
    return { clause: clause.replace(/\s+/g, ' '), sentence };
  }
  return null;
}
