import { withoutCitations } from './citations';
import { readTokens, runsOn } from './judge-nlp';

export interface Flashcard {
  question: string;
  answer: string;
}

export interface FlashcardFigures {
  cards: number;
  /** Cards whose subject is named: not a pronoun, a demonstrative or a placeholder. */
  named: number;
  unnamed: string[];
  /** Cards whose normalised answer repeats an earlier card's. */
  repeatedAnswers: string[];
  /** Fill-in cards whose answer is only part of a longer term in its sentence ("Calvin _____" → "cycle"). */
  fragmentBlanks: string[];
}

/** `Q: …` / `A: …` pairs; an answer runs on until a blank line or the next question. */
export function parseFlashcards(markdown: string): Flashcard[] {
  const cards: Flashcard[] = [];
  let current: Flashcard | null = null;
  let inAnswer = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const question = /^(?:\*\*)?Q:(?:\*\*)?\s*(.*)$/.exec(line);
    const answer = /^(?:\*\*)?A:(?:\*\*)?\s*(.*)$/.exec(line);
    if (question) {
      current = { question: withoutCitations(question[1] ?? ''), answer: '' };
      cards.push(current);
      inAnswer = false;
    } else if (answer && current) {
      current.answer = answer[1] ?? '';
      inAnswer = true;
    } else if (line === '') inAnswer = false;
    else if (inAnswer && current) current.answer += ` ${line}`;
  }
  return cards;
}

// Words that stand for a subject without naming it.
const POINTERS = new Set([
  'it',
  "it's",
  'its',
  'this',
  'that',
  "that's",
  'these',
  'those',
  'they',
  "they're",
  'them',
  'their',
  'he',
  "he's",
  'his',
  'him',
  'she',
  "she's",
  'her',
  'one',
  'something',
  'someone',
  'everything',
  'anything',
]);
const PLACEHOLDERS = new Set([
  'answer',
  'trick',
  'catch',
  'twist',
  'goal',
  'aim',
  'issue',
  'takeaway',
  'lesson',
  'solution',
  'outcome',
  'conclusion',
  'upshot',
  'difference',
  'thing',
  'things',
  'one',
  'ones',
  'idea',
  'point',
  'result',
  'same',
  'other',
  'others',
  'rest',
  'following',
  'former',
  'latter',
  'way',
  'part',
  'case',
  'stuff',
  'question',
  'reason',
  'problem',
  'fact',
]);
const ARTICLES = /^(?:the|a|an)\s+/;
// Openers a speaker puts before the subject of a sentence: "So they…", "And this…".
const OPENERS = /^(?:(?:so|and|but|now|okay|ok|right|well|then|also|because|yes|no|um|uh)\b[,]?\s+)+/;

const DEFINITION_QUESTIONS = [
  /^what\s+is\s+meant\s+by\s+(.+?)\s*\??$/,
  /^(?:what|who)\s+(?:is|are|was|were)\s+(.+?)\s*\??$/,
  /^what\s+(?:does|do|did)\s+(.+?)\s+(?:mean|stand\s+for|refer\s+to|do)\s*\??$/,
  /^define\s+(.+?)\s*[.?]?$/,
];

/** The subject a definition-style question asks about ("What is X?", "What does X mean?"), or null. */
export function definitionSubject(question: string): string | null {
  const asked = question.trim().toLowerCase();
  for (const pattern of DEFINITION_QUESTIONS) {
    const match = pattern.exec(asked);
    if (match?.[1]) return match[1];
  }
  return null;
}

function firstWord(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .replace(OPENERS, '')
      .split(/\s+/)[0]
      ?.replace(/[^a-z']/g, '') ?? ''
  );
}

/** The subject is only pointed at: "it", "those molecules", "the answer", "this". */
export function isUnnamedSubject(subject: string): boolean {
  const words = subject
    .trim()
    .toLowerCase()
    .replace(/[^a-z' -]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  if (POINTERS.has(words[0] ?? '')) return true;
  const rest = words.join(' ').replace(ARTICLES, '').split(' ');
  return (
    rest.length <= 2 &&
    PLACEHOLDERS.has(rest[0] ?? '') &&
    (rest.length === 1 || /^(?:here|there)$/.test(rest[1] ?? ''))
  );
}

const FILL_IN = /^fill in the blank:\s*(.+)$/i;
const BLANK = /_{3,}/;

/** A card names its subject unless it asks what a pointer word is, or its blanked sentence opens with one. */
export function namesItsSubject(card: Flashcard): boolean {
  const fillIn = FILL_IN.exec(card.question.trim());
  if (fillIn) {
    const sentence = fillIn[1] ?? '';
    const opener = firstWord(sentence);
    return BLANK.test(sentence.trim().split(/\s+/)[0] ?? '') || !POINTERS.has(opener) || opener === 'one';
  }
  const subject = definitionSubject(card.question);
  return subject === null || !isUnnamedSubject(subject);
}

export function normalisedAnswer(answer: string): string {
  return answer
    .toLowerCase()
    .replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ARTICLES, '');
}

/**
 * The blank's answer, put back in its sentence, runs on into a noun or name beside it ("Calvin [cycle]", "[ATP]
 * synthase"); an adjective before it counts only where it names ("light-dependent"), not where it describes
 * ("one long [session]").
 */
export function isFragmentBlank(card: Flashcard): boolean {
  const sentence = FILL_IN.exec(card.question.trim())?.[1];
  const blank = sentence ? BLANK.exec(sentence) : null;
  const answer = card.answer.trim().replace(/[.!?]+$/, '');
  if (!sentence || !blank || answer === '') return false;
  // "sliding-_____", "_____-general": the blank is only part of a word.
  const glued = /[\p{L}\p{N}-]/u;
  if (
    glued.test(sentence.charAt(blank.index - 1)) ||
    glued.test(sentence.charAt(blank.index + blank[0].length))
  )
    return true;
  const filled = sentence.slice(0, blank.index) + answer + sentence.slice(blank.index + blank[0].length);
  const from = blank.index;
  const to = blank.index + answer.length;
  const tokens = readTokens(filled);
  const first = tokens.findIndex((token) => token.end > from);
  let last = first;
  while (last + 1 < tokens.length && (tokens[last + 1]?.start ?? to) < to) last += 1;
  return runsOn(filled, tokens, [first, last], { adjectives: 'naming' });
}

export function judgeFlashcards(markdown: string): FlashcardFigures {
  const cards = parseFlashcards(markdown);
  const unnamed = cards.filter((card) => !namesItsSubject(card)).map((card) => card.question);
  const seen = new Set<string>();
  const repeatedAnswers: string[] = [];
  for (const card of cards) {
    const answer = normalisedAnswer(card.answer);
    if (seen.has(answer)) repeatedAnswers.push(card.answer);
    seen.add(answer);
  }
  const fragmentBlanks = cards.filter(isFragmentBlank).map((card) => `${card.question} → ${card.answer}`);
  return {
    cards: cards.length,
    named: cards.length - unnamed.length,
    unnamed,
    repeatedAnswers,
    fragmentBlanks,
  };
}
