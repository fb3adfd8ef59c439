import { parseFlashcards, watchUrlAt } from '@lectern/contracts';
import { CardMoments, citedMoment } from './card-moments';
import type { ExportDocument } from './export-document';
import { sanitizeLine } from './export-model';

export interface DeckCard {
  question: string;
  answer: string;
  /** Seconds into the video the card comes from, or null when it cannot be placed. */
  moment: number | null;
  /** The video opened at that moment (null with the moment). */
  momentUrl: string | null;
}

/** The video's newest flashcards, each placed in the video: what the Anki and CSV exports carry. */
export interface FlashcardDeck {
  /** The video's title (Untitled without one). */
  name: string;
  youtubeId: string;
  cards: DeckCard[];
}

export function buildFlashcardDeck(doc: ExportDocument): FlashcardDeck {
  const stored = doc.aiContent.find((item) => item.featureType === 'flashcards');
  const parsed = stored ? parseFlashcards(stored.outputText) : [];
  const moments = new CardMoments(doc.segments);
  const cards = parsed.flatMap((card): DeckCard[] => {
    const question = sanitizeLine(card.question).replace(/\s+/gu, ' ').trim();
    const cited = citedMoment(sanitizeLine(card.answer).replace(/\s+/gu, ' ').trim());
    if (question === '' || cited.answer === '') return [];
    const moment = cited.moment ?? moments.find(question, cited.answer);
    return [
      {
        question,
        answer: cited.answer,
        moment,
        momentUrl: moment === null ? null : watchUrlAt(doc.youtubeId, moment),
      },
    ];
  });
  const title = sanitizeLine(doc.title ?? '')
    .replace(/\s+/gu, ' ')
    .trim();
  return { name: title === '' ? 'Untitled' : title, youtubeId: doc.youtubeId, cards };
}
