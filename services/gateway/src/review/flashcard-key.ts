import { createHash } from 'node:crypto';

/**
 * The key that names a flashcard within a video's deck: its question trimmed, whitespace collapsed and
 * case-folded, hashed. Regenerated flashcards asking the same question keep the card and its review history.
 */
export function flashcardKey(question: string): string {
  const normalised = question.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
  return createHash('sha256').update(normalised).digest('hex');
}
