import type { Sentence, TranscriptAnalysis } from './transcript-analysis';
import { capitalise, displaySentence } from './text-style';

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
]);
const DEFINING_VERBS = new Set(['is', 'are', 'means', 'refers']);
const DEFINITION_STARTS = new Set([
  'a',
  'an',
  'the',
  'what',
  'how',
  'when',
  'where',
  'one',
  'simply',
  'basically',
  'called',
  'defined',
  'just',
]);
const NOT_SUBJECT_POS = new Set([
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
function contentStart(analysis: TranscriptAnalysis, sentence: Sentence): number {
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
  /** The definition as it appears in the transcript: from the term to the end of the sentence. */
  answer: string;
}

/** "Encoding is the process of ...", "The forgetting curve is a graph ...", "X means ..." */
export function findDefinition(analysis: TranscriptAnalysis, sentence: Sentence): Definition | null {
  const { tokens } = analysis;
  const start = contentStart(analysis, sentence);
  const limit = Math.min(sentence.lastToken - 3, start + 6);
  for (let verb = start + 1; verb <= limit; verb += 1) {
    const word = tokens.normal[verb] ?? '';
    if (!DEFINING_VERBS.has(word)) continue;
    const next = tokens.normal[verb + 1] ?? '';
    if ((word === 'is' || word === 'are') && !DEFINITION_STARTS.has(next)) return null;
    if (word === 'refers' && next !== 'to') return null;
    let subjectStart = start;
    const article = ['a', 'an', 'the'].includes(tokens.normal[subjectStart] ?? '')
      ? (tokens.normal[start] ?? '')
      : '';
    if (article) subjectStart += 1;
    if (subjectStart >= verb) return null;
    for (let token = subjectStart; token < verb; token += 1) {
      const pos = tokens.pos[token] ?? '';
      const participle = pos === 'VERB' && /(?:ing|ed)$/.test(tokens.normal[token] ?? '');
      if (tokens.type[token] !== 'word' || (NOT_SUBJECT_POS.has(pos) && !participle)) return null;
    }
    const headPos = tokens.pos[verb - 1] ?? '';
    const headIsGerund = /ing$/.test(tokens.normal[verb - 1] ?? '');
    if (headPos !== 'NOUN' && headPos !== 'PROPN' && !headIsGerund) return null;
    if (sentence.lastToken - verb < 4) return null;
    const term = sliceText(analysis, subjectStart, verb - 1);
    const answerStart = tokens.offset[start] ?? 0;
    const answerEnd =
      (tokens.offset[sentence.lastToken] ?? 0) + (tokens.value[sentence.lastToken]?.length ?? 0);
    const answer = analysis.text.slice(answerStart, answerEnd);
    const cased = term.toLowerCase() === term ? term : termCase(term);
    return {
      sentence,
      term: cased,
      termWithArticle: article ? `${article} ${cased}` : cased,
      plural: word === 'are',
      answer,
    };
  }
  return null;
}

function termCase(term: string): string {
  // Keep proper nouns, lower-case a capital that only marks the start of the sentence.
  return /^[A-Z][a-z]/.test(term) && !/\s[A-Z]/.test(term)
    ? term.charAt(0).toLowerCase() + term.slice(1)
    : term;
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
  'remember',
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
]);
const OBJECT_STARTS = new Set([
  'your',
  'yourself',
  'the',
  'a',
  'an',
  'each',
  'every',
  'what',
  'it',
  'them',
  'this',
  'these',
  'some',
]);

/**
 * Advice as an imperative step ("Schedule your reviews."), or null. Reads "you should X", "make sure ...",
 * "don't ..." and plain imperatives, whose verb wink-nlp tags, or which an object such as "your" follows.
 */
export function adviceStep(analysis: TranscriptAnalysis, sentence: Sentence): string | null {
  const { tokens } = analysis;
  if (sentence.question || sentence.wordCount < 3 || sentence.wordCount > 40) return null;
  const start = contentStart(analysis, sentence);
  for (const opener of ADVICE_OPENERS) {
    if (opener.words.every((word, offset) => tokens.normal[start + offset] === word)) {
      const from = opener.keep ? start : start + opener.words.length;
      if (from > sentence.lastToken - 1) return null;
      return step(analysis, sentence, from);
    }
  }
  const first = tokens.normal[start] ?? '';
  // "Closing the book ..." is a gerund subject, never an instruction.
  if (NOT_ACTIONS.has(first) || tokens.type[start] !== 'word' || /ing$/.test(first)) return null;
  const base = (tokens.lemma[start] ?? '').toLowerCase() === first;
  const taggedVerb = tokens.pos[start] === 'VERB';
  const takesObject =
    OBJECT_STARTS.has(tokens.normal[start + 1] ?? '') &&
    tokens.pos[start] !== 'PRON' &&
    tokens.pos[start] !== 'DET';
  if (base && (taggedVerb || takesObject) && !tokens.stop[start]) return step(analysis, sentence, start);
  return null;
}

function step(analysis: TranscriptAnalysis, sentence: Sentence, from: number): string {
  const text = displaySentence(sliceText(analysis, from, sentence.lastToken), analysis.punctuated);
  return capitalise(text);
}
