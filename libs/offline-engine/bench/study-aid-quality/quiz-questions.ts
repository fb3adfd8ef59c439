import type { QuizQuestion, TranscriptSegment } from '@lectern/contracts';
import { readTokens, type JudgedToken } from './judge-nlp';

// What a student finds wrong in a fill-in question that is fair by the letter: a sentence that means nothing out
// of its place in the talk, a blank the rest of a fixed phrase fills in, options that are not terms at all, and
// options the lecture itself would put in the blank. Judged from the question and the transcript alone.

export const BLANK = '_____';

/** The lecture as the judges read it: its words, tagged, and how often each word and pair of words is said. */
export class LectureWords {
  readonly words: JudgedToken[];
  private readonly counts = new Map<string, number>();
  private readonly lemmas = new Map<string, number>();
  private readonly forms = new Set<string>();
  private readonly countable = new Set<string>();
  private readonly sequence: string;

  constructor(segments: readonly TranscriptSegment[]) {
    const tokens = readTokens(segments.map((segment) => segment.text).join(' '));
    // Punctuation kept: a run of words across a comma is no phrase.
    this.words = tokens;
    // The lecture's words in a row, each as a concept, with a bar where a sentence mark stood between two.
    const keys: string[] = [];
    tokens.forEach((token, at) => {
      if (COUNTING.has(token.normal)) {
        // The head of the noun phrase counted: "a printing revolution" counts "revolution", not "printing".
        let head = at + 1;
        while (['ADJ', 'NOUN', 'PROPN'].includes(tokens[head + 1]?.pos ?? '')) head += 1;
        const counted = tokens[head];
        if (counted && ['NOUN', 'PROPN'].includes(counted.pos)) this.countable.add(counted.normal);
      }
      this.lemmas.set(token.lemma, (this.lemmas.get(token.lemma) ?? 0) + 1);
      this.forms.add(token.normal.replace(/’/gu, "'"));
      if (/[\p{L}\p{N}]/u.test(token.text)) keys.push(concept(token.normal));
      else if (/[.!?;:,"“”()]/u.test(token.text)) keys.push('|');
    });
    this.sequence = ` ${keys.join(' ')} `;
    for (const [at, key] of keys.entries()) {
      this.add(key);
      const next = keys[at + 1];
      if (next) this.add(`${key} ${next}`);
    }
  }

  private add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** How often the lecture says a word or two words in a row (as concepts: "lists" is "list"). */
  said(words: string): number {
    return this.counts.get(conceptsOf(words).join(' ')) ?? 0;
  }

  /**
   * The lecture says this very word, or it is the plural of a word the lecture counts ("a slope": "slopes"); not
   * a plural of a word it never counts ("data": "datas", "GPT": "gpts").
   */
  saysWord(word: string): boolean {
    const lower = word.toLowerCase().replace(/’/gu, "'");
    if (this.forms.has(lower)) return true;
    const singular = concept(lower);
    return singular !== lower && this.countable.has(singular);
  }

  /**
   * The lecture says these words, in this form, at least once with no article or other determiner before them and
   * as a whole noun phrase ("in debt", "by hand").
   */
  saysBare(phrase: string): boolean {
    // In this very form: "essays" said bare is no bare "essay".
    const words = phrase.toLowerCase().split(/\s+/u).filter(Boolean);
    const { words: said } = this;
    for (let at = 0; at + words.length <= said.length; at += 1) {
      if (!words.every((word, offset) => said[at + offset]?.normal === word)) continue;
      // A whole noun phrase: not "user" in "user experience", nor the verb in "we study".
      const last = said[at + words.length - 1];
      if (!last || !['NOUN', 'PROPN'].includes(last.pos)) continue;
      if (BARE_BREAKERS.has(said[at + words.length]?.pos ?? '')) continue;
      // Not after an article or determiner, nor after a word of its own noun phrase ("a big study", "power user").
      const previous = said[at - 1];
      if (!previous || (!DETERMINING.has(previous.normal) && !BARE_BREAKERS.has(previous.pos))) return true;
    }
    return false;
  }

  /** How often the lecture says a word in any of its forms ("resize", "resizing"). */
  saidAsLemma(lemma: string): number {
    return this.lemmas.get(lemma) ?? 0;
  }

  /** The lecture says these words in a row, with no sentence mark between them. */
  says(words: readonly string[]): boolean {
    return this.count(words) > 0;
  }

  /** How many times the lecture says these words in a row (as concepts), with no sentence mark between them. */
  count(words: readonly string[]): number {
    const key = words.map(concept).join(' ');
    if (!words.includes(' ') && words.length <= 2) return this.counts.get(key) ?? 0;
    return this.sequence.split(` ${key} `).length - 1;
  }
}

// Words that make a noun phrase definite or counted: a noun said after none of them is said bare ("in debt").
const DETERMINING = new Set(
  'a an the this that these those my your his her its our their every each another one any some no'.split(
    ' ',
  ),
);
const BARE_BREAKERS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
// Words that count what follows them: "a slope", "every key".
const COUNTING = new Set(['a', 'an', 'one', 'each', 'every', 'another']);

/** A word as a concept: lower case, a plural's "s" dropped ("presses" is "press", "velocities" "velocity"). */
export function concept(word: string): string {
  const lower = word.toLowerCase().replace(/[’']/gu, "'");
  if (lower.length > 4 && /[^aeiou]ies$/u.test(lower)) return `${lower.slice(0, -3)}y`;
  if (lower.length > 4 && /(?:ss|x|z|ch|sh)es$/u.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && /[^s]s$/u.test(lower) && !/(?:ss|us|is)$/u.test(lower)) return lower.slice(0, -1);
  return lower;
}

const conceptsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter(Boolean)
    .map(concept);

/** The sentence of a fill-in question, or null for another kind. */
export function blankSentence(question: Pick<QuizQuestion, 'prompt'>): string | null {
  if (!question.prompt.includes(BLANK)) return null;
  return question.prompt.replace(/^\s*fill in the blank:\s*/iu, '').trim();
}

// Words a speaker puts first that say nothing of the subject: "So …", "And now …".
const OPENERS = /^(?:(?:so|and|but|now|okay|ok|right|well|then|also|because|yes|um|uh)\b[,]?\s+)+/iu;
// A first word that points back to what was said before: "This is…", "It gives…", "Here's what…".
const POINTING_START =
  /^(?:this|that|these|those|it|it's|its|they|they're|them|their|he|he's|she|she's|his|her|here|here's)\b/iu;
// "It is possible to…" points nowhere: "it" stands for what follows.
const EMPTY_IT =
  /^it(?:'s|’s|\s+is|\s+was)\s+(?:\w+\s+)?(?:possible|important|true|hard|easy|worth|clear|useful|necessary|common)\b/iu;
// A person named only by "he" or "she", with no name before it in the sentence: "the _____ replied that he is…".
const PERSON_PRONOUNS = new Set(['he', 'she', 'him', 'his']);
// Things named only by "them" or "ones" with no plural noun before them ("if you start to use them to…"), or by
// "they" with no noun before it (speakers say "they" of "a hash table").
const THING_PRONOUNS = new Set(['them', 'ones']);
// The blank as the subject of a description with no subject matter: "what the _____ does", "who the _____ is".
const EMPTY_DESCRIPTION = new RegExp(
  `\\b(?:what|who|which|where|how)\\s+(?:the|a|an|this|that|your|our)\\s+${BLANK}\\s+(?:is|are|was|were|does|do|did|means?|looks?)\\b`,
  'iu',
);
// The blank as one item of a bare list: "OpenAI, _____, Anthropic have all been…", "OpenAI, _____ and Anthropic".
const LIST_ITEM = new RegExp(`[\\p{L}\\p{N}],\\s*${BLANK}\\s*(?:,|and\\b|or\\b)`, 'iu');
// A sentence about the lecture's subject holds at least this many words of meaning beside the blank...
const MIN_CONTENT_WORDS = 2;
// ...and one of them is a word of the lecture's subject: one it says again elsewhere.
const SUBJECT_WORD_TIMES = 2;

// Words of meaning by their part of speech (wink-nlp's stop list holds "move" and "bottom"), but for the verbs and
// nouns every sentence of speech has.
const EMPTY_WORDS = new Set(
  'be have do get go make say know think want like mean thing stuff lot way kind sort bit other same own time times much many more most few less only'.split(
    ' ',
  ),
);
const isContent = (token: JudgedToken) =>
  ['NOUN', 'PROPN', 'VERB', 'ADJ'].includes(token.pos) &&
  token.normal.length >= 2 &&
  /^[\p{L}'’-]+$/u.test(token.text) &&
  !EMPTY_WORDS.has(token.lemma);
const contentWords = (tokens: readonly JudgedToken[]) => tokens.filter(isContent);

const isPlural = (token: JudgedToken) =>
  ['NOUN', 'PROPN'].includes(token.pos) && (token.lemma !== token.normal || /[^s]s$/u.test(token.normal));

// A pronoun whose person or things the sentence never names before it; things may be the blank's ("_____ must not
// change while they are in the table").
function unnamedPronoun(tokens: readonly JudgedToken[], blankAt: number): boolean {
  return tokens.some((token, at) => {
    const before = tokens.slice(0, at);
    if (PERSON_PRONOUNS.has(token.normal)) return !before.some((word) => word.pos === 'PROPN');
    if (token.start >= blankAt) return false;
    if (THING_PRONOUNS.has(token.normal)) return !before.some(isPlural);
    if (token.normal === 'they') return !before.some((word) => ['NOUN', 'PROPN'].includes(word.pos));
    return false;
  });
}

/**
 * Why a fill-in question's sentence does not stand alone, or null when it does: it starts by pointing back ("This",
 * "It", "They", "Here's"), names someone or something only by a pronoun ("he", "them", "ones"), asks "what the
 * _____ does" with nothing of the subject around, blanks one item of a bare list ("OpenAI, _____, Anthropic"), or
 * has fewer than two words of meaning or none of the lecture's
 * subject (a word the lecture says again elsewhere).
 */
export function notStandingAlone(sentence: string, lecture: LectureWords): string | null {
  const spoken = sentence.replace(OPENERS, '');
  if (POINTING_START.test(spoken) && !EMPTY_IT.test(spoken)) return 'starts by pointing back';
  if (EMPTY_DESCRIPTION.test(spoken)) return 'describes the blank with no subject matter';
  if (LIST_ITEM.test(spoken)) return 'blanks one item of a list, which any other item would fill';
  const [beforeBlank = ''] = spoken.split(BLANK);
  const tokens = readTokens(spoken.replace(BLANK, ' '));
  if (unnamedPronoun(tokens, beforeBlank.length)) return 'names someone only by a pronoun';
  const content = contentWords(tokens);
  const lemmas = new Set(content.map((token) => token.lemma));
  if (lemmas.size < MIN_CONTENT_WORDS) return 'too few words of meaning';
  const aboutTheSubject = content.some(
    // Any word of meaning: the tagger reads "its derivative" as an adjective and "reacts to price" as a verb.
    (token) => Math.max(lecture.said(token.normal), lecture.saidAsLemma(token.lemma)) >= SUBJECT_WORD_TIMES,
  );
  return aboutTheSubject ? null : 'nothing of the lecture’s subject';
}

// A neighbour word predicts the answer when it comes with it at least this share of the times the lecture says it.
const PREDICTS_SHARE = 0.6;

const wordBefore = (text: string) => /([\p{L}\p{N}'’-]+)\s*$/u.exec(text)?.[1];
const wordAfter = (text: string) => /^\s*([\p{L}\p{N}'’-]+)/u.exec(text)?.[1];

/**
 * The blank is half of a fixed phrase the rest of the sentence completes: the word of meaning just before it (or
 * after it) is said with the whole answer at least twice and in at least 60% of the times the lecture says that
 * word ("use chat _____" → "gpt" where the talk says "chat GPT" nearly every time it says "chat"; "_____ recall" →
 * "active" where "recall" is mostly "active recall").
 */
export function trivialBlank(sentence: string, answer: string, lecture: LectureWords): boolean {
  const [before = '', after = ''] = sentence.split(BLANK);
  const answerWords = conceptsOf(answer);
  const predicts = (word: string | undefined, phrase: string[]) => {
    const read = word === undefined ? undefined : readTokens(word)[0];
    if (!word || !read || !isContent(read) || answerWords.length === 0) return false;
    const together = lecture.count(phrase);
    return together >= 2 && together >= lecture.count([word]) * PREDICTS_SHARE;
  };
  const left = wordBefore(before);
  const right = wordAfter(after);
  return predicts(left, [left ?? '', ...answerWords]) || predicts(right, [...answerWords, right ?? '']);
}

const TERM_WORDS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);

// The tagger reads every word in -ing as a verb: one after a preposition, an article, an adjective or a sentence
// mark names a thing ("with chaining", "the forgetting curve").
const gerundAsNoun = (token: JudgedToken, previous: JudgedToken | undefined) =>
  token.pos === 'VERB' &&
  token.normal.endsWith('ing') &&
  (previous === undefined || ['ADP', 'DET', 'ADJ', 'PUNCT'].includes(previous.pos));

/**
 * An option is a term of the lecture when the lecture says its words in a row (a plural as its singular) at least
 * once as a noun phrase: every word a noun, a name, an adjective or a number and none a word of grammar, the last
 * a noun or a name (or a word in -ing where a noun goes: "with chaining"), and standing where a noun phrase goes, not straight after a pronoun or "is" ("it's likely
 * going to happen", which the tagger reads as an adjective and a noun). "prices rise" (a noun and its verb) is no
 * term either, nor is a plural of a word the lecture never counts ("datas").
 */
export function isLectureTerm(option: string, lecture: LectureWords): boolean {
  const words = conceptsOf(option);
  if (words.length === 0) return false;
  // Every word as written is one the lecture says or a plural of one it counts: no "datas", no "gpts".
  if (
    !option
      .split(/[^\p{L}\p{N}'’-]+/u)
      .filter(Boolean)
      .every((word) => lecture.saysWord(word))
  )
    return false;
  const { words: said } = lecture;
  for (let at = 0; at + words.length <= said.length; at += 1) {
    const run = said.slice(at, at + words.length);
    if (!run.every((token, offset) => concept(token.normal) === words[offset])) continue;
    const last = run.at(-1);
    const before = said[at - 1];
    const noun = (token: JudgedToken, offset: number) =>
      ['NOUN', 'PROPN'].includes(token.pos) || gerundAsNoun(token, said[at + offset - 1]);
    if (
      last &&
      noun(last, run.length - 1) &&
      run.every((token, offset) => (TERM_WORDS.has(token.pos) || noun(token, offset)) && !token.stop) &&
      !(before && (before.pos === 'AUX' || SUBJECT_PRONOUNS.has(before.normal)))
    )
      return true;
  }
  return false;
}

// A slot reaches this many words of grammar past the blank to its word of meaning.
const SLOT_GRAMMAR_WORDS = 2;

const plainWords = (text: string) => text.split(/\s+/u).filter(Boolean);
const isMeaningWord = (word: string) => {
  const [token] = readTokens(word);
  return token !== undefined && isContent(token);
};

// The blank's neighbours on one side, from the blank out to the `meaningWords`-th word of meaning, up to a sentence
// mark and over two words of grammar at most between them; null when the side has not so many.
function slotSide(text: string, side: 'before' | 'after', meaningWords: number): string[] | null {
  const plain =
    side === 'before' ? /([\p{L}\p{N}'’\s-]*)$/u.exec(text)?.[1] : /^([\p{L}\p{N}'’\s-]*)/u.exec(text)?.[1];
  const words = plainWords(plain ?? '');
  const outward = side === 'before' ? [...words].reverse() : words;
  const taken: string[] = [];
  let meaning = 0;
  let grammar = 0;
  for (const word of outward) {
    taken.push(word);
    if (isMeaningWord(word)) {
      meaning += 1;
      grammar = 0;
      if (meaning === meaningWords) return side === 'before' ? taken.reverse() : taken;
    } else if ((grammar += 1) > SLOT_GRAMMAR_WORDS) return null;
  }
  return null;
}

/**
 * A wrong option also completes the sentence when the lecture puts it in the same slot as the answer. The slot is
 * the blank's neighbours out to the nearest word of meaning on each side (over two words of grammar at most, never
 * over a sentence mark); the lecture must say the option with both sides' words around it, or, when only one side
 * has a word of meaning near, with that side's words out to its second word of meaning ("… bad at sorting _____"
 * would take "strings" if the lecture said "at sorting strings" and nothing stood after the blank; "The _____ shows
 * how much sellers will offer" does not take "demand curve" for the lecture's "The demand curve shows how much
 * buyers want").
 */
export function alsoFits(sentence: string, option: string, lecture: LectureWords): boolean {
  const [before = '', after = ''] = sentence.split(BLANK);
  const optionWords = conceptsOf(option);
  const left = slotSide(before, 'before', 1);
  const right = slotSide(after, 'after', 1);
  if (left && right) return lecture.says([...left, ...optionWords, ...right]);
  if (left) {
    const wider = slotSide(before, 'before', 2);
    return wider !== null && lecture.says([...wider, ...optionWords]);
  }
  if (right) {
    const wider = slotSide(after, 'after', 2);
    return wider !== null && lecture.says([...optionWords, ...wider]);
  }
  return false;
}

// "an" before a word that starts with a vowel sound; "a" before the rest ("a unit", "an hour").
const VOWEL_SOUND = (word: string) =>
  (/^[aeiou]/iu.test(word) && !/^(?:uni|use|usu|eu|one|once)/iu.test(word)) ||
  /^(?:hour|honest|honou?r|heir)/iu.test(word);
const PREPOSITIONS = new Set(
  'at on in by of for with from into onto about to under over through without between within'.split(' '),
);

/**
 * The sentence's grammar rules out a wrong option the answer fits, so a student picks the answer by grammar alone:
 * the blank follows "a" or "an" and the option does not take that article ("before an _____": "exam", not
 * "practice"); or the blank follows a preposition with no article and the answer is a singular word, and the
 * option is a singular word the lecture never says without an article or other determiner ("at _____": "risk",
 * not "user", where the talk only says "the user"; "by _____": "hand", not "peak").
 */
export function grammarGivesAway(
  sentence: string,
  answer: string,
  option: string,
  lecture: LectureWords,
): boolean {
  const [before = ''] = sentence.split(BLANK);
  const article = wordBefore(before)?.toLowerCase();
  if (article === 'a' || article === 'an') return VOWEL_SOUND(option) !== VOWEL_SOUND(answer);
  if (!article || !PREPOSITIONS.has(article)) return false;
  const singular = (text: string) => {
    const last = text.split(/\s+/u).at(-1) ?? '';
    return concept(last) === last.toLowerCase() && !/^\p{Lu}/u.test(text);
  };
  if (!singular(answer) || !singular(option)) return false;
  return !lecture.saysBare(option);
}

// A caption's speaker label ("DAVID J. MALAN:", ">> CAROLINE:") and a name the lecturer calls someone by ("Trevor,
// come on down", "Caroline, thank you", "thank you, Jay").
const SPEAKER_LABEL = /(?:^|>>|[.!?])\s*((?:\p{Lu}[\p{Lu}'-]+\.?\s+)*\p{Lu}[\p{Lu}'-]+):/gu;
const CALLED_BY_NAME =
  /\b(\p{Lu}\p{Ll}+),\s+(?:come\b|if you\b|you are\b|you're\b|could you\b|can you\b|thank you\b|nice to meet)|\bthank you,\s+(\p{Lu}\p{Ll}+)\b/gu;
const ROLE_LABELS = new Set([
  'audience',
  'student',
  'students',
  'speaker',
  'professor',
  'narrator',
  'man',
  'woman',
]);

/** The people in the room, lower case: those the captions give lines to, and those the lecturer calls by name. */
export function peopleInTheRoom(segments: readonly TranscriptSegment[]): Set<string> {
  const people = new Set<string>();
  for (const { text } of segments) {
    for (const [, label = ''] of text.matchAll(SPEAKER_LABEL))
      for (const word of label.toLowerCase().split(/\s+/u))
        if (word.replace(/\W/gu, '').length > 1 && !ROLE_LABELS.has(word)) people.add(word);
    for (const [, before, after] of text.matchAll(CALLED_BY_NAME))
      people.add((before ?? after ?? '').toLowerCase());
  }
  return people;
}

// How the course runs, which no exam asks: "problem set two is already in your hands", "office hours are …".
const COURSE_BUSINESS =
  /\b(?:problem sets?|psets?|homework|office hours|syllabus|deadlines?|midterms?|due date|sign up|hand in|turn in)\b/iu;

// A definition's answer that opens by pointing at what was said before: "And what that means is, …", "This is …".
const POINTING_ANSWER =
  /^(?:(?:so|and|but|now|well)\b[,]?\s+)*(?:what (?:that|this) means\b|(?:this|that|these|those|it|it's|they|here)\b)/iu;

// A subject named only by its place in the talk: "What is the second piece?", "What is the next step?".
const PLACED_SUBJECT =
  /^what (?:is|are|was|were) (?:the |a |an )?(?:first|second|third|fourth|fifth|next|last|final|other|previous|following|latter|former) (?:piece|part|step|thing|one|way|point|reason|idea|example|kind|type|bit|half|option|problem|question|stage|phase|case)s?\??$/iu;

export interface QuestionFaults {
  /** Questions on the people in the room: a speaker or someone called by name as the answer, an option or the sentence. */
  aboutTheRoom: string[];
  /** Fill-in questions on how the course runs (problem sets, office hours, deadlines). */
  courseBusiness: string[];
  /** "What is …?" questions answered by a sentence that opens by pointing back, or of a thing named by its place. */
  definitionsNotAlone: string[];
  notStandingAlone: string[];
  trivialBlanks: string[];
  notTerms: string[];
  alsoFitting: string[];
  /** Choices whose answer the sentence's grammar alone tells from a wrong option. */
  grammarGiveaways: string[];
}

const label = (question: QuizQuestion) => `${question.prompt} → ${question.answer}`;

/** The quiz's fill-in questions judged as a student reads them. */
export function judgeQuestions(
  questions: readonly QuizQuestion[],
  segments: readonly TranscriptSegment[],
): QuestionFaults {
  const lecture = new LectureWords(segments);
  const people = peopleInTheRoom(segments);
  const faults: QuestionFaults = {
    aboutTheRoom: [],
    courseBusiness: [],
    definitionsNotAlone: [],
    notStandingAlone: [],
    trivialBlanks: [],
    notTerms: [],
    alsoFitting: [],
    grammarGiveaways: [],
  };
  const namesSomeone = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}'’-]+/u)
      .some((word) => people.has(word));
  for (const question of questions) {
    if ([question.prompt, question.answer, ...(question.options ?? [])].some(namesSomeone))
      faults.aboutTheRoom.push(label(question));
    const definition = /^what (?:is|are|was|were)\b/iu.test(question.prompt);
    if (
      definition &&
      (POINTING_ANSWER.test(question.answer.trim()) || PLACED_SUBJECT.test(question.prompt.trim()))
    )
      faults.definitionsNotAlone.push(label(question));
    const sentence = blankSentence(question);
    if (sentence === null) continue;
    if (COURSE_BUSINESS.test(sentence)) faults.courseBusiness.push(label(question));
    const alone = notStandingAlone(sentence, lecture);
    if (alone) faults.notStandingAlone.push(label(question));
    if (trivialBlank(sentence, question.answer, lecture)) faults.trivialBlanks.push(label(question));
    const wrong = (question.options ?? []).filter((option) => option !== question.answer);
    const notTerms = wrong.filter((option) => !isLectureTerm(option, lecture));
    if (notTerms.length > 0) faults.notTerms.push(label(question));
    const fitting = wrong.filter((option) => alsoFits(sentence, option, lecture));
    if (fitting.length > 0) faults.alsoFitting.push(label(question));
    if (wrong.some((option) => grammarGivesAway(sentence, question.answer, option, lecture)))
      faults.grammarGiveaways.push(label(question));
  }
  return faults;
}
