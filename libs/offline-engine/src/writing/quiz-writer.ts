import { normalizeQuizOption, writeQuiz, type QuizQuestionDraft } from '@lectern/contracts';
import { keyTerms, type KeyTerm } from '../analysis/key-terms';
import { namesCourseBusiness } from '../analysis/sentence-patterns';
import type { PhraseHit, Sentence, TranscriptAnalysis } from '../analysis/transcript-analysis';
import {
  blankIsHalfAPhrase,
  blankStandsAlone,
  fillsTheSlot,
  fitsTheGrammar,
  pluralIsSaid,
  saidAsNounPhrase,
} from './quiz-rules';
import { studyCards, type StudyCard } from './study-writers';

// The quiz: the flashcards' questions (the lecture's definitions and its statements with a named term blanked),
// each asked at the sentence that teaches it. A quiz's blank asks more than a card's: its sentence stands alone and
// the rest of a fixed phrase does not fill it (see quiz-rules.ts). A blank becomes a multiple-choice question when
// the lecture has three other terms of the same kind to offer beside the answer, none of which the lecture puts in
// the blank's place; a definition, and a blank without them, is answered in the student's own words against the
// lecture's.

const MAX_QUESTIONS = 10;
const WRONG_OPTIONS = 3;
const MIN_SHORT_SHARE = 0.3;

/** The lecture's quiz in the stored Markdown (see `writeQuiz`). */
export function writeQuizOf(analysis: TranscriptAnalysis): string {
  return writeQuiz(quizQuestions(analysis));
}

export function quizQuestions(analysis: TranscriptAnalysis): QuizQuestionDraft[] {
  const pool = termPool(analysis);
  const fairBlank = (sentence: Sentence, hit: PhraseHit, answer: string) =>
    blankStandsAlone(analysis, sentence, hit) && !blankIsHalfAPhrase(analysis, hit, answer);
  const questions = studyCards(analysis, fairBlank).map((card) => questionOf(analysis, card, pool));
  return questions.length > 0 ? chosen(questions, MAX_QUESTIONS) : [aboutTheVideo(analysis)];
}

// Too short a lecture for any card: one question on what it says, answered by its longest sentence.
function aboutTheVideo(analysis: TranscriptAnalysis): QuizQuestionDraft {
  const longest = [...analysis.sentences].sort((a, b) => b.wordCount - a.wordCount)[0] as Sentence;
  return {
    kind: 'short',
    prompt: 'What is this video about?',
    answer: longest.text,
    explanation: `[${longest.timestamp}] ${longest.text}`,
    moment: { start: longest.start },
  };
}

// When there are too many: mostly choices, a few answered in the student's own words, the lecture's order kept.
function chosen(questions: QuizQuestionDraft[], max: number): QuizQuestionDraft[] {
  if (questions.length <= max) return questions;
  const numbered = questions.map((question, order) => ({ question, order }));
  const choices = numbered.filter(({ question }) => question.kind === 'choice');
  const shorts = numbered.filter(({ question }) => question.kind === 'short');
  const shortCount = Math.min(
    shorts.length,
    Math.max(max - choices.length, Math.round(max * MIN_SHORT_SHARE)),
  );
  return [...choices.slice(0, max - shortCount), ...shorts.slice(0, shortCount)]
    .sort((a, b) => a.order - b.order)
    .map(({ question }) => question);
}

function questionOf(
  analysis: TranscriptAnalysis,
  card: StudyCard,
  pool: readonly PoolTerm[],
): QuizQuestionDraft {
  const sentence = analysis.sentences[card.index] as Sentence;
  // A term named just before the sentence that explains it is taught from where it is named.
  const named = card.namedAt === undefined ? undefined : analysis.sentences[card.namedAt];
  const from = named ?? sentence;
  const moment = { start: from.start };
  const teaching = `[${from.timestamp}] ${named ? `${named.text} ` : ''}${sentence.text}`;
  if (card.kind === 'blank') {
    const answer = asOption(analysis, card.term);
    const wrong = card.hit ? wrongOptionsFor(analysis, sentence, card.hit, answer, pool) : [];
    if (wrong.length === WRONG_OPTIONS) {
      const options = [...wrong];
      options.splice(placeOf(answer, options.length + 1), 0, answer);
      return {
        kind: 'choice',
        prompt: card.question,
        options,
        answer,
        explanation: `${teaching} ${wrongOptionsNote(wrong)}`,
        moment,
      };
    }
    return { kind: 'short', prompt: card.question, answer, explanation: teaching, moment };
  }
  return { kind: 'short', prompt: card.question, answer: card.answer, explanation: teaching, moment };
}

/**
 * The three wrong options of a blank whose answer is `answer`, at `hit` in `sentence`, or fewer when the lecture has
 * not so many fit to offer: never one the lecture puts where the answer stands, one the sentence's grammar rules out
 * ("an _____"), nor a plural it would not say.
 */
export function wrongOptionsFor(
  analysis: TranscriptAnalysis,
  sentence: Sentence,
  hit: PhraseHit,
  answer: string,
  pool: readonly PoolTerm[] = termPool(analysis),
): string[] {
  return wrongOptions(
    answer,
    sentence,
    pool.filter(
      (term) =>
        !fillsTheSlot(analysis, sentence, hit, term.text) && fitsTheGrammar(analysis, hit, answer, term.text),
    ),
    (term) => pluralIsSaid(analysis, plural(lastWord(term)), lastWord(term)),
  );
}

function wrongOptionsNote(wrong: readonly string[]): string {
  const named = wrong.map((option) => `“${option}”`);
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''} are other terms of the lecture, not the one this sentence names.`;
}

// Where the answer goes among the options: spread over A to D by the answer itself, so the same quiz always puts
// it in the same place and no letter is the usual one.
function placeOf(answer: string, slots: number): number {
  let hash = 0;
  for (const char of answer) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return hash % slots;
}

interface PoolTerm {
  text: string;
  /** The term's words as concepts: "recursive functions" and "recursion function" are the same two. */
  stems: string[];
  proper: boolean;
  plural: boolean;
  words: number;
}

// The terms wrong options are taken from: the lecture's named things, best first, never a short form of another,
// course business, nor a speaker's name, nor a phrase the lecture never says as a noun phrase ("likely going", "prices rise").
function termPool(analysis: TranscriptAnalysis): PoolTerm[] {
  const namesAThing = (term: KeyTerm) => saidAsNounPhrase(analysis, term.occurrences);
  return keyTerms(analysis)
    .filter(
      (term) =>
        !term.fullForm &&
        !namesCourseBusiness(term.text) &&
        !namesASpeaker(analysis, term) &&
        namesAThing(term),
    )
    .map((term) => poolTerm(term.text));
}

// "Trevor", "Alan Estrada": someone who speaks in the video, never an option beside a term of the lecture.
const namesASpeaker = (analysis: TranscriptAnalysis, term: KeyTerm) =>
  term.text
    .toLowerCase()
    .split(/\s+/u)
    .some((word) => analysis.speakers.has(word));

function poolTerm(text: string): PoolTerm {
  const words = text.split(/\s+/u).filter(Boolean);
  return {
    text,
    // "Mid-Atlantic Ridge" holds "Atlantic": hyphenated words are compared one by one.
    stems: text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stem),
    proper: /^\p{Lu}/u.test(text) && !/^\p{Lu}+$/u.test(words[0] ?? ''),
    plural: /[^s]s$/iu.test(words.at(-1) ?? ''),
    words: words.length,
  };
}

// A blank's answer as an option: lower case like the lecture's terms, unless it is a name ("Calvin cycle") or an
// acronym, so the sentence's capital never tells it from the others.
function asOption(analysis: TranscriptAnalysis, answer: string): string {
  const known = keyTerms(analysis).find(
    (term) => normalizeQuizOption(term.text) === normalizeQuizOption(answer),
  );
  if (known) return known.text;
  return /^\p{Lu}\p{Ll}/u.test(answer) ? answer.charAt(0).toLowerCase() + answer.slice(1) : answer;
}

/**
 * Three other terms of the lecture to offer beside the answer: never the answer reworded, a part of it or the
 * answer and more (compared word by word as concepts), never one of the sentence's own terms, no two alike; of
 * its kind (a name beside a name, a plural beside a plural) and its length first.
 */
function wrongOptions(
  answer: string,
  sentence: Sentence,
  pool: readonly PoolTerm[],
  mayBePlural: (term: string) => boolean,
): string[] {
  const target = poolTerm(answer);
  const sentenceText = normalizeQuizOption(sentence.text);
  const picked: PoolTerm[] = [];
  const fits = (candidate: PoolTerm) =>
    candidate.proper === target.proper &&
    candidate.plural === target.plural &&
    Math.abs(candidate.words - target.words) <= 1 &&
    candidate.text.length <= target.text.length * 2 + 4 &&
    target.text.length <= candidate.text.length * 2 + 4 &&
    !overlaps(candidate, target) &&
    !sentenceText.includes(normalizeQuizOption(candidate.text)) &&
    picked.every((other) => !overlaps(candidate, other));
  const likeness = (candidate: PoolTerm) =>
    Number(candidate.words === target.words) * 2 - Math.abs(candidate.text.length - target.text.length) / 10;
  // Stable: among terms as alike, the more important first (the pool's order).
  const ranked = pool
    .flatMap((term) => {
      if (!target.plural || term.plural || term.proper) return [term];
      // Offered in a plural the lecture would say, or not at all ("datas").
      return mayBePlural(term.text) ? [poolTerm(plural(term.text))] : [];
    })
    .map((candidate, rank) => ({ candidate, rank }))
    .sort((a, b) => likeness(b.candidate) - likeness(a.candidate) || a.rank - b.rank);
  for (const { candidate } of ranked) {
    if (picked.length === WRONG_OPTIONS) break;
    if (fits(candidate)) picked.push(candidate);
  }
  // An answer half as long again as every other option is found without knowing it: asked in words instead.
  const longestWrong = Math.max(...picked.map((term) => term.text.length));
  if (target.text.length >= longestWrong * 1.5 && target.text.length - longestWrong >= 8) return [];
  return picked.map((term) => term.text);
}

// Two terms are one when either's concepts all appear in the other: the same words, a part, or the whole and more.
function overlaps(a: PoolTerm, b: PoolTerm): boolean {
  const within = (small: PoolTerm, large: PoolTerm) =>
    small.stems.every((word) => large.stems.includes(word));
  return within(a, b) || within(b, a);
}

const lastWord = (term: string) => term.split(/\s+/u).at(-1) ?? term;

// "hash table" beside "linked lists" gives the answer away: a term is offered in the answer's number.
function plural(term: string): string {
  if (/(?:s|x|z|ch|sh)$/iu.test(term)) return `${term}es`;
  if (/[^aeiou]y$/iu.test(term)) return `${term.slice(0, -1)}ies`;
  return `${term}s`;
}

function stem(word: string): string {
  const lower = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const bare = lower.replace(/(?:ations?|ively|ings?|ions?|ives?|ness|ed|es|s|ly)$/u, '');
  return (bare.length >= 3 ? bare : lower).slice(0, 6);
}
