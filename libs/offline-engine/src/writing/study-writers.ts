import type { SummaryLength } from '@lectern/contracts';
import {
  importanceOfText,
  isCountedWhole,
  isStandalone,
  keyTerms,
  termOfPhrase,
  type KeyTerm,
} from '../analysis/key-terms';
import {
  DEPENDENT_OPENERS,
  hasDemonstrativePhrase,
  isClauseIt,
  opensWithReference,
  speaksOfTheLecture,
} from '../analysis/references';
import {
  adviceStep,
  announces,
  contentStart,
  findDefinition,
  findExplainedNaming,
  findNaming,
  type Definition,
} from '../analysis/sentence-patterns';
import { capitalise, displaySentence } from './text-style';
import {
  type PhraseHit,
  pickAcross,
  pickDiverse,
  rankWithin,
  sections,
  type Sentence,
  type TranscriptAnalysis,
} from '../analysis/transcript-analysis';

// Summary, key insights, flashcards and Cornell notes, in the Markdown structures of feature-prompts.ts.

const minutes = (analysis: TranscriptAnalysis) => Math.max(1, analysis.duration / 60);

/** 3 parts for ten minutes, up to 6 for long lectures. */
export function partCount(analysis: TranscriptAnalysis, max = 6): number {
  const count = 3 + Math.floor(Math.log2(Math.max(1, minutes(analysis) / 10)));
  return Math.max(3, Math.min(max, count, analysis.sentences.length));
}

function prose(sentences: readonly Sentence[]): string {
  return sentences.map((sentence) => sentence.text).join(' ');
}

export function writeSummary(analysis: TranscriptAnalysis, length: SummaryLength): string {
  switch (length) {
    case 'micro': {
      const [first, second] = pickDiverse(analysis.ranked, {
        count: 2,
        maxWords: 35,
        accept: (sentence) => standsAlone(analysis, sentence),
      });
      if (!first) return fallbackSentence(analysis);
      const both =
        second && first.wordCount + second.wordCount <= 45 ? [first, second] : [bestOf(first, second)];
      return prose(both);
    }
    case 'short': {
      const count = Math.min(6, 4 + Math.floor(Math.log10(minutes(analysis))));
      // The opening sentence of a summary cannot lean on one that is not there.
      const chosen = pickDiverse(analysis.ranked, { count, maxSimilarity: 0.4 });
      const opening = chosen.findIndex((sentence) => standsAlone(analysis, sentence));
      if (opening > 0) chosen.splice(0, opening);
      return chosen.length > 0 ? prose(chosen) : fallbackSentence(analysis);
    }
    case 'detailed':
      return detailedParagraphs(analysis).join('\n\n');
  }
}

function bestOf(first: Sentence, second: Sentence | undefined): Sentence {
  return second && second.score > first.score ? second : first;
}

function fallbackSentence(analysis: TranscriptAnalysis): string {
  const longest = [...analysis.sentences].sort((a, b) => b.wordCount - a.wordCount)[0];
  return longest ? longest.text : 'The transcript is too short to summarise.';
}

/** One paragraph per part of the lecture, each its best sentences in spoken order. */
export function detailedParagraphs(analysis: TranscriptAnalysis, maxParts = 6): string[] {
  const paragraphs: string[] = [];
  for (const part of sections(analysis, partCount(analysis, maxParts))) {
    const chosen = pickDiverse(rankWithin(part), { count: 4, maxSimilarity: 0.4, minWords: 5 });
    const sentences = chosen.length > 0 ? chosen : rankWithin(part).slice(0, 2);
    if (sentences.length > 0) paragraphs.push(prose([...sentences].sort((a, b) => a.index - b.index)));
  }
  return paragraphs;
}

export function insightCount(analysis: TranscriptAnalysis): number {
  return Math.min(10, 6 + Math.floor(Math.log2(Math.max(1, minutes(analysis) / 10))));
}

export function writeInsights(analysis: TranscriptAnalysis): string {
  // An insight is read on its own, so it must not lean on the sentence before it.
  const chosen = pickAcross(analysis, {
    count: insightCount(analysis),
    maxSimilarity: 0.35,
    minWords: 7,
    accept: (sentence) => standsAlone(analysis, sentence),
  });
  return bullets(chosen.length > 0 ? chosen : analysis.sentences.slice(0, 1));
}

function bullets(sentences: readonly Sentence[]): string {
  return sentences.map((sentence) => `- [${sentence.timestamp}] ${sentence.text}`).join('\n');
}

/**
 * Definitions found in the transcript, one per term, those of the lecture's central concepts first. The lecture's
 * own "X is …" comes before a name given in passing ("… called X"), and a definition of one of the lecture's three
 * most important terms is never left out.
 */
export function definitions(analysis: TranscriptAnalysis, max: number): Definition[] {
  const found: Definition[] = [];
  const terms = new Set<string>();
  // Definitions are rare, so every sentence is read; the pattern check is a few token comparisons.
  for (const read of [findDefinition, findNaming, findExplainedNaming]) {
    for (const sentence of analysis.ranked) {
      const definition = read(analysis, sentence);
      if (!definition || terms.has(definition.term.toLowerCase()) || namedByItsPlace(definition.term))
        continue;
      terms.add(definition.term.toLowerCase());
      found.push(definition);
    }
  }
  const importance = new Map(
    found.map((definition) => [definition, importanceOfText(analysis, definition.term)]),
  );
  const central = keyTerms(analysis).filter((term) => !term.fullForm);
  const bar = central[Math.min(2, central.length - 1)]?.importance ?? Infinity;
  const isCentral = (definition: Definition) => (importance.get(definition) ?? 0) >= bar;
  const chosen = [...found.slice(0, max), ...found.slice(max).filter(isCentral)];
  // Stable: among terms the lecture makes as much of, the order they were found in.
  return chosen.sort((a, b) => (importance.get(b) ?? 0) - (importance.get(a) ?? 0));
}

// "the second piece", "the next step": a thing named by its place in the talk, which no question out of it can ask.
const PLACES = new Set(
  'first second third fourth fifth next last final other previous following latter former'.split(' '),
);
const PLACED_THINGS = new Set(
  'piece part step thing one way point reason idea example kind type bit half option problem question stage phase case'.split(
    ' ',
  ),
);
function namedByItsPlace(term: string): boolean {
  const words = term.toLowerCase().split(/\s+/u);
  const thing = (words.at(-1) ?? '').replace(/s$/u, '');
  return words.length === 2 && PLACES.has(words[0] ?? '') && PLACED_THINGS.has(thing);
}

/** "is", "are", "was" or "were", as the lecture defines the term. */
export function copula(definition: Definition): string {
  if (definition.past) return definition.plural ? 'were' : 'was';
  return definition.plural ? 'are' : 'is';
}

/** A flashcard as the engine finds it, before it is written: a quiz asks the same questions. */
export interface StudyCard {
  question: string;
  answer: string;
  /** The sentence that teaches it. */
  index: number;
  /** Where the term is named, when that is a sentence before the one that teaches it. */
  namedAt?: number;
  /** A definition ("What is X?", answered by the lecture's "X is …") or a blank ("Fill in the blank: …"). */
  kind: 'definition' | 'blank';
  /** The term the card is about: the defined one, or the blanked one (which is then the answer). */
  term: string;
  /** A blank's place in the lecture's tokens. */
  hit?: PhraseHit;
}

/** A blank the deck may hold beyond the flashcards' own rules (the quiz asks more of its blanks). */
export type BlankCheck = (sentence: Sentence, hit: PhraseHit, answer: string) => boolean;

/**
 * Definition cards from the lecture's own "X is …" and "… called X" statements, then fill-in-the-blank cards on
 * its named terms. Every question can be answered on its own (no "What are those molecules?"), and no two cards
 * share an answer.
 */
export function writeFlashcards(analysis: TranscriptAnalysis): string {
  const cards = studyCards(analysis);
  if (cards.length === 0) return 'Q: What is this video about?\nA: ' + fallbackSentence(analysis);
  return cards.map((card) => `Q: ${card.question}\nA: ${card.answer}`).join('\n\n');
}

/** The flashcards' cards, in the lecture's order. */
export function studyCards(analysis: TranscriptAnalysis, acceptBlank: BlankCheck = () => true): StudyCard[] {
  const target = Math.max(6, Math.min(20, Math.round(analysis.sentences.length / 10)));
  const cards: StudyCard[] = [];
  const used = new Set<number>();
  const answers = new Set<string>();
  const termsAsked = new Set<string>();
  for (const definition of definitions(analysis, Math.ceil(target * 0.6))) {
    const answer = displaySentence(definition.answer, analysis.punctuated);
    if (answers.has(answerKey(answer))) continue;
    answers.add(answerKey(answer));
    termsAsked.add(answerKey(definition.term));
    cards.push({
      question: `What ${copula(definition)} ${definition.termWithArticle}?`,
      answer,
      index: definition.sentence.index,
      ...(definition.namedIn ? { namedAt: definition.namedIn.index } : {}),
      kind: 'definition',
      term: definition.term,
    });
    used.add(definition.sentence.index);
  }
  cards.push(
    ...clozeCards(analysis, target - cards.length, used, answers, termsAsked, {
      lecturerMaySpeak: false,
      acceptBlank,
    }),
  );
  // Too few cards for a revision session: sentences in which the lecturer speaks ("Today we build a hash table
  // …") may carry a blank too; every other rule still holds.
  if (cards.length < MIN_CARDS)
    cards.push(
      ...clozeCards(analysis, MIN_CARDS - cards.length, used, answers, termsAsked, {
        lecturerMaySpeak: true,
        acceptBlank,
      }),
    );
  return cards.sort((a, b) => a.index - b.index);
}

// Answers compared as words without their plural ending: "hash table" and "Hash tables" are one answer.
function answerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (word.length > 3 ? word.replace(/([^s])s$/, '$1') : word))
    .join(' ');
}

// Fewer cards than this make no revision session: the lecturer's own sentences may then carry a blank.
const MIN_CARDS = 6;

// The people who speak in the video (the lecturer, volunteers on stage) are the room, not the subject: a sentence
// that names one ("Serena, if you could grab your number") teaches nothing to blank.
function namesSomeoneInTheRoom(analysis: TranscriptAnalysis, first: number, last: number): boolean {
  for (let token = first; token <= last; token += 1)
    if (analysis.speakers.has(analysis.tokens.normal[token] ?? '')) return true;
  return false;
}

// Fill-in-the-blank cards: a well-ranked sentence that stands on its own, with one of the lecture's named terms
// blanked out where it appears as a whole phrase.

function clozeCards(
  analysis: TranscriptAnalysis,
  count: number,
  used: Set<number>,
  answers: Set<string>,
  termsAsked: Set<string>,
  { lecturerMaySpeak, acceptBlank }: { lecturerMaySpeak: boolean; acceptBlank: BlankCheck },
): StudyCard[] {
  const cards: StudyCard[] = [];
  if (count <= 0) return cards;
  const { tokens, text } = analysis;
  const rank = new Map(keyTerms(analysis).map((term, index) => [term.phrase.id, index]));
  const blankable = (sentence: Sentence) =>
    sentence.phrases.filter((hit) => {
      const term = termOfPhrase(analysis, hit.phrase);
      if (!term || term.fullForm || termsAsked.has(answerKey(term.text))) return false;
      // Blanked where it appears again in the sentence, the answer would be given away.
      const inSentence = sentence.phrases.filter((other) => other.phrase === hit.phrase);
      // A noun phrase, not a verb's -ing form ("rather than reading them").
      const noun =
        ['NOUN', 'PROPN'].includes(tokens.pos[hit.lastToken] ?? '') &&
        !/ing$/.test(tokens.normal[hit.lastToken] ?? '') &&
        !['PRON', 'DET'].includes(tokens.pos[hit.lastToken + 1] ?? '') &&
        tokens.value[hit.lastToken + 1] !== ':';
      return (
        inSentence.length === 1 &&
        noun &&
        (isStandalone(analysis, sentence, hit) || isCountedWhole(analysis, sentence, hit))
      );
    });
  const usable = (sentence: Sentence, minWords: number, lecturerSpeaks: boolean) =>
    !used.has(sentence.index) &&
    !sentence.question &&
    !sentence.runsOn &&
    sentence.wordCount >= minWords &&
    sentence.wordCount <= 35 &&
    standsAlone(analysis, sentence) &&
    statesSomething(analysis, sentence) &&
    (lecturerSpeaks || !speaksOfTheLecture(tokens, sentence.firstToken, sentence.lastToken)) &&
    !announces(tokens, sentence.firstToken, sentence.lastToken) &&
    !namesSomeoneInTheRoom(analysis, sentence.firstToken, sentence.lastToken);
  const blank = (sentence: Sentence, hit: PhraseHit): boolean => {
    const from = tokens.offset[hit.firstToken] ?? 0;
    const to = (tokens.offset[hit.lastToken] ?? 0) + (tokens.value[hit.lastToken]?.length ?? 0);
    const sentenceFrom = tokens.offset[sentence.firstToken] ?? 0;
    const sentenceTo =
      (tokens.offset[sentence.lastToken] ?? 0) + (tokens.value[sentence.lastToken]?.length ?? 0);
    const answer = text.slice(from, to);
    if (!acceptBlank(sentence, hit, answer)) return false;
    const blanked = `${text.slice(sentenceFrom, from)}_____${text.slice(to, sentenceTo)}`;
    cards.push({
      question: `Fill in the blank: ${displaySentence(blanked, analysis.punctuated)}`,
      answer,
      index: sentence.index,
      kind: 'blank',
      term: answer,
      hit,
    });
    answers.add(answerKey(answer));
    used.add(sentence.index);
    return true;
  };
  // The lecture's central concepts first, in order of importance: each is blanked in the best sentence that
  // speaks of it. (Not in the deck's top-up from the lecturer's own sentences, which only fills the deck.)
  const central = lecturerMaySpeak ? [] : keyTerms(analysis).filter((candidate) => !candidate.fullForm);
  for (const term of central) {
    if (cards.length >= count || (rank.get(term.phrase.id) ?? 0) >= count) break;
    const spoken = [...new Set(term.occurrences.map((occurrence) => occurrence.sentence))]
      .map((index) => analysis.sentences[index] as Sentence)
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const blankIn = (sentence: Sentence) =>
      blankable(sentence).find(
        (candidate) =>
          candidate.phrase === term.phrase.id &&
          !answers.has(answerKey(sliceOf(analysis, candidate.firstToken, candidate.lastToken))),
      );
    for (const sentence of spoken) {
      const hit = usable(sentence, 8, false) && blankIn(sentence);
      if (hit && blank(sentence, hit)) break;
    }
  }
  // A name ("Schlieffen Plan", "memory cells") makes a better blank than a common noun ("the _____ has a role").
  const specificity = (hit: PhraseHit) =>
    hit.lastToken > hit.firstToken || tokens.pos[hit.firstToken] === 'PROPN' ? 1 : 0;
  const candidates = pickDiverse(analysis.ranked, {
    count: count * 4,
    maxSimilarity: 0.5,
    minWords: lecturerMaySpeak ? 7 : 8,
    maxWords: 35,
    accept: (sentence) => usable(sentence, 0, lecturerMaySpeak) && blankable(sentence).length > 0,
  }).sort(
    (a, b) =>
      Math.max(...blankable(b).map(specificity)) - Math.max(...blankable(a).map(specificity)) ||
      b.score - a.score,
  );
  for (const sentence of candidates) {
    if (cards.length >= count) break;
    const hits = blankable(sentence)
      .filter(
        (candidate) => !answers.has(answerKey(sliceOf(analysis, candidate.firstToken, candidate.lastToken))),
      )
      .sort(
        (a, b) => specificity(b) - specificity(a) || (rank.get(a.phrase) ?? 0) - (rank.get(b.phrase) ?? 0),
      );
    // The flashcards take the best blank; a stricter deck tries the next where it refuses one.
    for (const hit of hits) if (blank(sentence, hit)) break;
  }
  return cards;
}

function sliceOf(analysis: TranscriptAnalysis, first: number, last: number): string {
  const { tokens } = analysis;
  return analysis.text.slice(
    tokens.offset[first] ?? 0,
    (tokens.offset[last] ?? 0) + (tokens.value[last]?.length ?? 0),
  );
}

// A statement with a verb of its own, not advice ("Then practise explaining …") nor a heading-like fragment
// ("Quicksort: fast in practice, in place").
function statesSomething(analysis: TranscriptAnalysis, sentence: Sentence): boolean {
  const { tokens } = analysis;
  if (tokens.pos[contentStart(analysis, sentence)] === 'VERB' || adviceStep(analysis, sentence) !== null)
    return false;
  for (let token = sentence.firstToken; token <= sentence.lastToken; token += 1)
    if (tokens.pos[token] === 'VERB' || tokens.pos[token] === 'AUX') return true;
  return false;
}

/** A sentence a student can read on its own: it does not open with "It", "Those ions" or "The result". */
export function standsAlone(analysis: TranscriptAnalysis, sentence: Sentence): boolean {
  const { tokens } = analysis;
  const start = contentStart(analysis, sentence);
  // "Now, it is possible to have more than one base case": the "it" stands for the clause after it. A sentence shown
  // opening with it ("It is tempting to say …") still reads as pointing back, so only after a lead-in.
  const clauseIt = start > sentence.firstToken && isClauseIt(tokens, start);
  return (
    !DEPENDENT_OPENERS.has(tokens.normal[sentence.firstToken] ?? '') &&
    (clauseIt || !opensWithReference(tokens, start, sentence.lastToken)) &&
    !hasDemonstrativePhrase(tokens, sentence.firstToken, sentence.lastToken)
  );
}

export function writeCornellNotes(analysis: TranscriptAnalysis): string {
  const cues: string[] = [];
  const cueTerms = new Set<string>();
  for (const definition of definitions(analysis, 6)) {
    cues.push(`What ${copula(definition)} ${definition.termWithArticle}?`);
    cueTerms.add(definition.term.toLowerCase());
  }
  // Terms the lecture comes back to first: a term said once is more often a tagging slip.
  const recurring = (term: KeyTerm) =>
    new Set(term.occurrences.map((occurrence) => occurrence.sentence)).size > 1;
  const terms = keyTerms(analysis).filter((term) => !term.fullForm);
  for (const term of [...terms.filter(recurring), ...terms.filter((term) => !recurring(term))]) {
    if (cues.length >= 10) break;
    const text = term.text.toLowerCase();
    if ([...cueTerms].some((cue) => cue.includes(text) || text.includes(cue))) continue;
    cueTerms.add(text);
    cues.push(capitalise(term.text));
  }
  const notes = pickAcross(analysis, {
    count: Math.min(14, insightCount(analysis) + 4),
    maxSimilarity: 0.4,
    minWords: 6,
    accept: (sentence) => standsAlone(analysis, sentence),
  });
  const summary = pickDiverse(analysis.ranked, { count: 3, maxSimilarity: 0.35 });
  return [
    '## Cues',
    '',
    (cues.length > 0 ? cues : ['What is the main idea of this video?']).map((cue) => `- ${cue}`).join('\n'),
    '',
    '## Notes',
    '',
    bullets(notes.length > 0 ? notes : analysis.sentences.slice(0, 1)),
    '',
    '## Summary',
    '',
    summary.length > 0 ? prose(summary) : fallbackSentence(analysis),
  ].join('\n');
}
