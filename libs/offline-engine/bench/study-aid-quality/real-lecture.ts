import { NOT_COVERED_ANSWER } from '@lectern/contracts';
import { startsWithImperative, parseSteps } from './action-plan';
import { withoutCitations } from './citations';
import { definitionSubject, namesItsSubject, parseFlashcards, type Flashcard } from './flashcards';
import { readTokens } from './judge-nlp';

// Judges for real lectures, read from the engine's Markdown and the lecture's captions alone.

/** The captions as words are said: no speaker changes (">>"), speaker names ("DOUG LLOYD:") nor sound tags. */
export function spokenText(captions: string): string {
  return captions
    .replace(/>>/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b[A-Z][A-Z.'-]*(?: [A-Z][A-Z.'-]*)*:(?=\s)/g, ' ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, words only: how an answer's quote and the judge's key are compared. */
export function wordsOf(text: string): string {
  return spokenText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Words a speaker opens a sentence with that a writer may leave out without cutting the sentence.
const OPENERS = /(?:(?:so|and|but|now|okay|ok|well|right|then|also|oh|um|uh|yeah|yes|no)[,]?\s+)*$/;
// Advice shown from its verb on leaves out who should act: "We should practice…" is shown as "Practice…" (and "We
// should u practice…" of speech recognition too), never "We should not forget…" as "Forget…".
const ADVICE_LEAD =
  /(?:we|you|i)\s+(?:should|must|need\s+to|have\s+to|ought\s+to)\s+(?:(?!not\b|never\b)\w+\s+)?$/;

/** The sentences a study aid shows as the lecture's own: list items, paragraphs and table cells, not headings. */
export function shownSentences(markdown: string): string[] {
  const sentences: string[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || /^\|?\s*-{3,}/.test(line)) continue;
    if (/^(?:\*\*)?Q:/.test(line)) continue;
    const cells = line.split('|').map((cell) =>
      withoutCitations(cell)
        .replace(/^\s*(?:[-*+]|\d+[.)/]|\d+\/\d+|>)\s*/, '')
        .replace(/^(?:\*\*)?A:(?:\*\*)?\s*/, '')
        .replace(/[*_`]/g, '')
        .trim(),
    );
    for (const cell of cells)
      for (const sentence of cell.split(/(?<=[.!?…]["”’)]?)\s+/)) {
        const text = sentence.trim().replace(/^["“]|["”]$/g, '');
        if (text.split(/\s+/).length >= 4 && !/_{3,}/.test(text)) sentences.push(text);
      }
  }
  return sentences;
}

export interface CutFigures {
  /** Shown sentences found in the transcript. */
  checked: number;
  /** Of those, the ones that are not a whole sentence of the transcript and are not marked with "…". */
  cut: string[];
}

/**
 * A shown sentence is cut when its words are the transcript's but it neither starts where one of the
 * transcript's sentences starts (after leaving out an opener such as "So") nor ends where that sentence ends,
 * and it carries no ellipsis to say so.
 */
export function judgeCutSentences(markdowns: readonly string[], captions: string): CutFigures {
  const transcript = spokenText(captions).toLowerCase();
  const figures: CutFigures = { checked: 0, cut: [] };
  for (const sentence of markdowns.flatMap(shownSentences)) {
    if (/^…|…$|\.\.\.$/.test(sentence)) continue;
    const core = spokenText(sentence)
      .toLowerCase()
      .replace(/[.!?]+$/, '');
    let at = transcript.indexOf(core);
    if (at < 0) continue;
    figures.checked += 1;
    let whole = false;
    while (at >= 0 && !whole) {
      const before = transcript
        .slice(Math.max(0, at - 60), at)
        .replace(ADVICE_LEAD, '')
        .replace(OPENERS, '');
      const starts = before.trim() === '' || /[.!?:"]\s*$/.test(before);
      const ends = /[.!?]$/.test(sentence) && /^[.!?]/.test(transcript.slice(at + core.length));
      whole = starts && ends;
      at = transcript.indexOf(core, at + 1);
    }
    if (!whole) figures.cut.push(sentence);
  }
  return figures;
}

const CONTENT_TAGS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);
const LIGHT_LEMMAS = new Set(['be', 'have', 'do', 'get', 'go', 'say', 'thing', 'lot', 'kind', 'sort', 'way']);

/** Words that say something: nouns, names, verbs, adjectives and numbers, not "be" or "thing". */
export function meaningfulWords(text: string): number {
  return readTokens(text).filter((token) => CONTENT_TAGS.has(token.pos) && !LIGHT_LEMMAS.has(token.lemma))
    .length;
}

/** An answer of substance: not a question, no speaker marker, at least two meaningful words. */
export function isAnswerOfSubstance(answer: string): boolean {
  const text = withoutCitations(answer).trim();
  return text !== '' && !/\?["”]?$/.test(text) && !/>>/.test(text) && meaningfulWords(text) >= 2;
}

/** What a card asks about: a definition's subject, a fill-in card's answer, else its question. */
function subjectOf(card: Flashcard): string {
  if (/^fill in the blank:/i.test(card.question.trim())) return card.answer;
  return definitionSubject(card.question) ?? card.question;
}

/** A card names a concept of the lecture: its subject is named, said in the lecture, and no speaker marker. */
export function namesALectureConcept(card: Flashcard, transcriptWords: string): boolean {
  const subject = wordsOf(subjectOf(card));
  return (
    namesItsSubject(card) &&
    !/>>/.test(card.question) &&
    subject !== '' &&
    ` ${transcriptWords} `.includes(` ${subject} `)
  );
}

export interface RealCardFigures {
  cards: number;
  /** Cards that name a concept of the lecture and answer it with substance. */
  worthKeeping: number;
  definitionCards: number;
  definitionCardsOfSubstance: number;
  notWorthKeeping: string[];
  /** Central concepts (listed by hand) some card is about. */
  conceptsCovered: string[];
  conceptsMissed: string[];
}

export function judgeRealCards(
  markdown: string,
  captions: string,
  concepts: ReadonlyArray<{ name: string; names: string[] }>,
): RealCardFigures {
  const cards = parseFlashcards(markdown);
  const transcriptWords = wordsOf(captions);
  const keep = (card: Flashcard) =>
    namesALectureConcept(card, transcriptWords) && isAnswerOfSubstance(card.answer);
  const definitions = cards.filter(
    (card) => !/^fill in the blank:/i.test(card.question.trim()) && definitionSubject(card.question) !== null,
  );
  const about = (card: Flashcard) => ` ${wordsOf(`${card.question} ${card.answer}`)} `;
  const covered = concepts.filter((concept) =>
    cards.some((card) => concept.names.some((name) => about(card).includes(` ${wordsOf(name)} `))),
  );
  return {
    cards: cards.length,
    worthKeeping: cards.filter(keep).length,
    definitionCards: definitions.length,
    definitionCardsOfSubstance: definitions.filter(keep).length,
    notWorthKeeping: cards.filter((card) => !keep(card)).map((card) => `${card.question} → ${card.answer}`),
    conceptsCovered: covered.map((concept) => concept.name),
    conceptsMissed: concepts.filter((concept) => !covered.includes(concept)).map((concept) => concept.name),
  };
}

// Course business and quoted words: a step taken from them is not the lecturer's advice about the subject.
const ANNOUNCEMENT =
  /\b(?:problem sets?|psets?|office hours|sections?|lunch|staff|website|sign up|deadlines?|due|lecture (?:this|next|on)|announcements?|cs50 discuss|next (?:time|week))\b/i;
const QUOTED = /["“”]|>>|\b[A-Z][A-Z.'-]+(?: [A-Z][A-Z.'-]+)*:/;

export interface RealStepFigures {
  steps: number;
  actions: number;
  fromQuotationsOrAnnouncements: string[];
}

export function judgeRealSteps(markdown: string): RealStepFigures {
  const raw = markdown.split('\n').filter((line) => /^\s*\d+[.)]\s+/.test(line));
  const steps = parseSteps(markdown);
  return {
    steps: steps.length,
    actions: steps.filter(startsWithImperative).length,
    fromQuotationsOrAnnouncements: steps.filter(
      (step, index) => ANNOUNCEMENT.test(step) || QUOTED.test(withoutCitations(raw[index] ?? step)),
    ),
  };
}

export interface AskFigures {
  covered: number;
  /** Covered questions whose quote holds the words of the answering sentence. */
  answeredWithTheAnswer: number;
  coveredDeclined: number;
  uncovered: number;
  uncoveredDeclined: number;
  misses: string[];
}

export function judgeAnswers(
  covered: ReadonlyArray<{ question: string; keys: string[]; answer: string }>,
  uncovered: ReadonlyArray<{ question: string; answer: string }>,
): AskFigures {
  const declined = (answer: string) => answer.trim() === NOT_COVERED_ANSWER;
  const holdsKey = (answer: string, keys: string[]) =>
    keys.some((key) => ` ${wordsOf(answer)} `.includes(` ${wordsOf(key)} `));
  const answered = covered.filter((asked) => holdsKey(asked.answer, asked.keys));
  return {
    covered: covered.length,
    answeredWithTheAnswer: answered.length,
    coveredDeclined: covered.filter((asked) => declined(asked.answer)).length,
    uncovered: uncovered.length,
    uncoveredDeclined: uncovered.filter((asked) => declined(asked.answer)).length,
    misses: [
      ...covered
        .filter((asked) => !answered.includes(asked))
        .map((asked) => `${asked.question} → ${asked.answer.replace(/\s+/g, ' ').slice(0, 200)}`),
      ...uncovered
        .filter((asked) => !declined(asked.answer))
        .map(
          (asked) => `(not covered) ${asked.question} → ${asked.answer.replace(/\s+/g, ' ').slice(0, 200)}`,
        ),
    ],
  };
}
