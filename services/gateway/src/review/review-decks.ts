import { Injectable } from '@nestjs/common';
import { parseFlashcards } from '@lectern/contracts';
import {
  advisoryXactLock,
  findNewestFlashcards,
  findReviewDeckContentId,
  findStaleReviewDecks,
  lockUserForKeyShare,
  lockVideoForShare,
  saveReviewDeck,
  syncReviewCards,
  type DeckCard,
  type Db,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { Clock } from '../common/clock';
import { flashcardKey } from './flashcard-key';
import { newCardSchedule } from './review-scheduler';

/**
 * Keeps review cards in line with the flashcards they come from. Cards are synced lazily, when reviews are
 * read: generation stays unaware of review, and a deck is synced at most once per flashcards generation.
 * Each video's sync runs in its own transaction under an advisory lock on the video and re-checks the newest
 * generation once it holds the lock, so concurrent readers sync a deck once and in generation order; it locks
 * the user first, as account deletion does
 * (docs/data-model.md, "Review cards").
 */
@Injectable()
export class ReviewDecks {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** Syncs the user's decks (or one video's) whose flashcards changed since they were last read. */
  async syncStale(userId: string, videoId: string | null): Promise<void> {
    const stale = await findStaleReviewDecks(this.db, userId, videoId);
    for (const deck of stale) await this.sync(userId, deck.video_id);
  }

  private async sync(userId: string, videoId: string): Promise<void> {
    await this.transactions.run(async (db) => {
      // The user before the video: inserting cards checks the user's key, and account deletion locks the user
      // before its cascade reaches the video. Taken in the other order, the two would deadlock.
      await lockUserForKeyShare(db, userId);
      await advisoryXactLock(db, `review-deck:${videoId}`);
      // Held to the commit, so the video cannot be deleted under the cards being written for it.
      if (!(await lockVideoForShare(db, userId, videoId))) return;
      const newest = await findNewestFlashcards(db, videoId);
      if (!newest || (await findReviewDeckContentId(db, videoId)) === newest.id) return;
      const now = this.clock.now();
      await syncReviewCards(db, {
        userId,
        videoId,
        cards: deckCards(newest.output_text),
        fresh: newCardSchedule(now),
        now,
      });
      await saveReviewDeck(db, videoId, newest.id, now);
    });
  }
}

/** The flashcards as cards, one per question: a question asked twice keeps its first answer. */
function deckCards(flashcardsText: string): DeckCard[] {
  const cards = new Map<string, DeckCard>();
  for (const { question, answer } of parseFlashcards(flashcardsText)) {
    if (question.trim() === '') continue;
    const key = flashcardKey(question);
    if (!cards.has(key)) cards.set(key, { key, question, answer, position: cards.size });
  }
  return [...cards.values()];
}
