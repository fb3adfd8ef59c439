import { createHash } from 'node:crypto';
import { normalizeFlashcardQuestion } from '@lectern/contracts';

/**
 * The key that names a flashcard within a video's deck: its question trimmed, whitespace collapsed and
 * case-folded, hashed. Regenerated flashcards asking the same question keep the card and its review history.
 */
export function flashcardKey(question: string): string {
  return createHash('sha256').update(normalizeFlashcardQuestion(question)).digest('hex');
}
