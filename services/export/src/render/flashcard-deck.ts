import { isOfflineMaterial, normalizeFlashcardQuestion, parseFlashcards } from '@lectern/contracts';
import { CardMoments, citedMoment } from './card-moments';
import type { ExportDocument } from './export-document';
import { momentUrl, sanitizeLine } from './export-model';
import { storedQuiz, type QuizSheet } from './quiz-sheet';

export interface DeckCard {
  question: string;
  answer: string;
  /** Seconds into the video the card comes from, or null when it cannot be placed. */
  moment: number | null;
  /** The video opened at that moment (null with the moment). */
  momentUrl: string | null;
}

/** Lectern's tag on every card of its decks. */
export const DECK_TAG = 'lectern';
/** The tag on cards Lectern's offline engine made: Anki shows it with each card (and can search by it). */
export const OFFLINE_CARDS_TAG = 'extracted-passages';

/** The tags every card of the deck carries. */
export function deckTags(deck: Pick<FlashcardDeck, 'offline'>): string[] {
  return deck.offline ? [DECK_TAG, OFFLINE_CARDS_TAG] : [DECK_TAG];
}

/** Anki's tag on the cards made of the video's quiz. */
export const QUIZ_TAG = 'quiz';

/**
 * The video's newest flashcards, each placed in the video: what the Anki and CSV exports carry; the Anki deck
 * carries the quiz's questions too.
 */
export interface FlashcardDeck {
  /** The video's title (Untitled without one). */
  name: string;
  /** Null for an uploaded recording: its cards' moments then link nowhere. */
  youtubeId: string | null;
  cards: DeckCard[];
  /** Whether Lectern's offline engine wrote the cards (passages extracted from the transcript): labelled so. */
  offline: boolean;
  /** The video's newest quiz, or null when it has none with a question. */
  quiz: QuizSheet | null;
}

/**
 * The stored flashcards with a question and an answer, their text made safe, each with the moment it cites.
 * A question asked again (the same once normalised, as review compares them) keeps its first card: Anki
 * matches notes by a guid made from the question, so a second note would be dropped on import.
 */
export function storedFlashcards(
  doc: ExportDocument,
): Array<{ question: string; answer: string; moment: number | null }> {
  const stored = doc.aiContent.find((item) => item.featureType === 'flashcards');
  const cards = new Map<string, { question: string; answer: string; moment: number | null }>();
  for (const card of stored ? parseFlashcards(stored.outputText) : []) {
    const question = sanitizeLine(card.question).replace(/\s+/gu, ' ').trim();
    const cited = citedMoment(sanitizeLine(card.answer).replace(/\s+/gu, ' ').trim());
    const key = normalizeFlashcardQuestion(question);
    if (question !== '' && cited.answer !== '' && !cards.has(key)) cards.set(key, { question, ...cited });
  }
  return [...cards.values()];
}

export function buildFlashcardDeck(doc: ExportDocument): FlashcardDeck {
  const stored = storedFlashcards(doc);
  // The transcript is indexed only when a card cites no moment of its own.
  const moments = stored.some((card) => card.moment === null) ? new CardMoments(doc.segments) : null;
  const cards = stored.map((card): DeckCard => {
    const moment = card.moment ?? moments?.find(card.question, card.answer) ?? null;
    return { ...card, moment, momentUrl: moment === null ? null : momentUrl(doc.youtubeId, moment) };
  });
  const title = sanitizeLine(doc.title ?? '')
    .replace(/\s+/gu, ' ')
    .trim();
  const offline = isOfflineMaterial(doc.aiContent.find((item) => item.featureType === 'flashcards') ?? {});
  return {
    name: title === '' ? 'Untitled' : title,
    youtubeId: doc.youtubeId,
    cards,
    offline,
    quiz: storedQuiz(doc),
  };
}
