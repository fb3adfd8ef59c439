import type { ReviewRating, ReviewState } from '@lectern/contracts';
import type { Db } from '../db';

/** A card's place in the FSRS schedule, in ts-fsrs's own field names. */
export interface ReviewSchedule {
  due: Date;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: ReviewState;
  last_review: Date | null;
}

/** Where a card's question comes from: the video's flashcards, or a question of its quiz. */
export type ReviewCardSource = 'flashcards' | 'quiz';

/**
 * A `review_cards` row: one question of a video's flashcards or quiz, for the video's owner, with its schedule.
 */
export interface ReviewCardRow extends ReviewSchedule {
  id: string;
  user_id: string;
  video_id: string;
  question_key: string;
  question: string;
  answer: string;
  position: number;
  retired_at: Date | null;
  source: ReviewCardSource;
  /** The moment of the lecture the question comes from (quiz questions); null for flashcards. */
  moment_start: number | null;
}

/** A `review_logs` row: one rating, with the schedule the card had before it. */
export interface ReviewLogRow extends Omit<ReviewSchedule, 'reps' | 'lapses' | 'last_review'> {
  card_id: string;
  rating: ReviewRating;
  last_elapsed_days: number;
  reviewed_at: Date;
}

const SCHEDULE_COLUMNS = [
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review',
] as const;

const CARD_COLUMNS = `id, user_id, video_id, question_key, question, answer, position, retired_at, source, moment_start, ${SCHEDULE_COLUMNS.join(', ')}`;

export interface StaleReviewDeck {
  video_id: string;
  ai_content_id: string;
}

/**
 * The user's videos (or the one video) whose newest flashcards generation is not the one their review cards
 * were last brought in line with: the decks to sync before cards are read.
 */
export async function findStaleReviewDecks(
  db: Db,
  userId: string,
  videoId: string | null,
): Promise<StaleReviewDeck[]> {
  const { rows } = await db.query<StaleReviewDeck>(
    `SELECT v.id AS video_id, c.id AS ai_content_id
       FROM videos v
       CROSS JOIN LATERAL (
         SELECT a.id FROM ai_content a WHERE a.video_id = v.id AND a.feature_type = 'flashcards'
          ORDER BY a.created_at DESC, a.id DESC LIMIT 1
       ) c
       LEFT JOIN review_decks d ON d.video_id = v.id
      WHERE v.user_id = $1 AND ($2::uuid IS NULL OR v.id = $2::uuid)
        AND d.ai_content_id IS DISTINCT FROM c.id`,
    [userId, videoId],
  );
  return rows;
}

/** The newest flashcards generation of a video, or null. */
export async function findNewestFlashcards(
  db: Db,
  videoId: string,
): Promise<{ id: string; output_text: string } | null> {
  const { rows } = await db.query<{ id: string; output_text: string }>(
    `SELECT id, output_text FROM ai_content WHERE video_id = $1 AND feature_type = 'flashcards'
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [videoId],
  );
  return rows[0] ?? null;
}

/** The flashcards generation the video's cards were last synced with, or null. */
export async function findReviewDeckContentId(db: Db, videoId: string): Promise<string | null> {
  const { rows } = await db.query<{ ai_content_id: string }>(
    'SELECT ai_content_id FROM review_decks WHERE video_id = $1',
    [videoId],
  );
  return rows[0]?.ai_content_id ?? null;
}

export async function saveReviewDeck(db: Db, videoId: string, aiContentId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO review_decks (video_id, ai_content_id, synced_at) VALUES ($1, $2, $3)
     ON CONFLICT (video_id) DO UPDATE SET ai_content_id = EXCLUDED.ai_content_id, synced_at = EXCLUDED.synced_at`,
    [videoId, aiContentId, now],
  );
}

export interface DeckCard {
  key: string;
  question: string;
  answer: string;
  position: number;
}

/**
 * Brings a video's cards in line with its flashcards: a new question becomes a card with the `fresh` schedule;
 * a known one (same key) takes the new wording, answer and position and is no longer retired, its schedule
 * untouched; a card whose question is gone is retired. Cards of quiz questions are not the flashcards' to retire.
 */
export async function syncReviewCards(
  db: Db,
  deck: { userId: string; videoId: string; cards: DeckCard[]; fresh: ReviewSchedule; now: Date },
): Promise<void> {
  const { cards, fresh } = deck;
  await db.query(
    `INSERT INTO review_cards (user_id, video_id, question_key, question, answer, position, ${SCHEDULE_COLUMNS.join(', ')})
     SELECT $1, $2, c.key, c.question, c.answer, c.position, ${SCHEDULE_COLUMNS.map((_, i) => `$${i + 7}`).join(', ')}
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[]) AS c (key, question, answer, position)
     ON CONFLICT (video_id, question_key) DO UPDATE
        SET question = EXCLUDED.question, answer = EXCLUDED.answer, position = EXCLUDED.position, retired_at = NULL`,
    [
      deck.userId,
      deck.videoId,
      cards.map((c) => c.key),
      cards.map((c) => c.question),
      cards.map((c) => c.answer),
      cards.map((c) => c.position),
      ...SCHEDULE_COLUMNS.map((column) => fresh[column]),
    ],
  );
  await db.query(
    `UPDATE review_cards SET retired_at = $3
      WHERE video_id = $1 AND source = 'flashcards' AND retired_at IS NULL
        AND NOT (question_key = ANY($2::text[]))`,
    [deck.videoId, cards.map((c) => c.key), deck.now],
  );
}

/** A card due for review, in the API's shape but for the date. */
export interface DueReviewCardRow {
  id: string;
  video_id: string;
  question: string;
  answer: string;
  due: Date;
  moment_start: number | null;
}

/**
 * Which due cards to list: of one video, of one course's lectures (in course order) or all, the new cards the day
 * still allows, and how many at most.
 */
export interface DueReviewCardsQuery {
  userId: string;
  now: Date;
  videoId: string | null;
  courseId?: string | null;
  /** New (never rated) cards still allowed today: the first this many are listed, the others held back. */
  newAllowance: number;
}

/** Soonest first, then in deck order (`id` breaks the last ties); in a course, lecture by lecture first. */
const ORDER = 'lecture NULLS FIRST, due, video_id, position, id';

/**
 * The user's cards due at `now` or earlier (of one video, or of one course's lectures, when given), but for the
 * new ones beyond the day's allowance, which are held back in deck order (in a course, lecture by lecture).
 * Parameters: $1 user, $2 now, $3 video or null, $4 allowance, $5 course or null.
 */
const DUE_CARDS = `
  SELECT id, video_id, question, answer, due, position, moment_start, lecture,
         state = 'new'
           AND row_number() OVER (PARTITION BY state = 'new' ORDER BY ${ORDER}) > $4
           AS held_back
    FROM (SELECT r.*, (SELECT min(l.position) FROM course_lectures l
                        WHERE l.course_id = $5::uuid AND l.video_id = r.video_id) AS lecture
            FROM review_cards r) r
   WHERE user_id = $1 AND retired_at IS NULL AND due <= $2 AND ($3::uuid IS NULL OR video_id = $3::uuid)
     AND ($5::uuid IS NULL OR lecture IS NOT NULL)`;

/** The first `limit` due cards, in the order above. */
export async function findDueReviewCards(
  db: Db,
  query: DueReviewCardsQuery,
  limit: number,
): Promise<DueReviewCardRow[]> {
  const { rows } = await db.query<DueReviewCardRow>(
    `SELECT id, video_id, question, answer, due, moment_start FROM (${DUE_CARDS}) d
      WHERE NOT held_back ORDER BY ${ORDER} LIMIT $6`,
    [query.userId, query.now, query.videoId, query.newAllowance, query.courseId ?? null, limit],
  );
  return rows;
}

/** How many cards are due in all (the list without its limit). */
export async function countDueReviewCards(db: Db, query: DueReviewCardsQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${DUE_CARDS}) d WHERE NOT held_back`,
    [query.userId, query.now, query.videoId, query.newAllowance, query.courseId ?? null],
  );
  return rows[0]?.n ?? 0;
}

/**
 * How many of the user's cards were first rated (rated while new) at `since` or later, retired ones included.
 * Only cards last reviewed since then can have been, which keeps the logs read to those.
 */
export async function countCardsIntroducedSince(db: Db, userId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM review_cards c
      WHERE c.user_id = $1 AND c.last_review >= $2
        AND EXISTS (SELECT 1 FROM review_logs l WHERE l.card_id = c.id AND l.state = 'new' AND l.reviewed_at >= $2)`,
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}

/** The user's current (not retired) card, locked for update until the transaction ends; null otherwise. */
export async function lockUserReviewCard(
  db: Db,
  userId: string,
  cardId: string,
): Promise<ReviewCardRow | null> {
  const { rows } = await db.query<ReviewCardRow>(
    `SELECT ${CARD_COLUMNS} FROM review_cards
      WHERE id = $1 AND user_id = $2 AND retired_at IS NULL FOR UPDATE`,
    [cardId, userId],
  );
  return rows[0] ?? null;
}

/** Stores a card's schedule after a rating, with the rating in its review log. */
export async function recordReview(
  db: Db,
  cardId: string,
  schedule: ReviewSchedule,
  log: Omit<ReviewLogRow, 'card_id'>,
): Promise<void> {
  await db.query(
    `UPDATE review_cards SET ${SCHEDULE_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ')}
      WHERE id = $1`,
    [cardId, ...SCHEDULE_COLUMNS.map((column) => schedule[column])],
  );
  await db.query(
    `INSERT INTO review_logs (card_id, rating, state, due, stability, difficulty, elapsed_days,
                              last_elapsed_days, scheduled_days, learning_steps, reviewed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      cardId,
      log.rating,
      log.state,
      log.due,
      log.stability,
      log.difficulty,
      log.elapsed_days,
      log.last_elapsed_days,
      log.scheduled_days,
      log.learning_steps,
      log.reviewed_at,
    ],
  );
}

/** Every review card of the user's videos, retired ones included, in deck order (the account export). */
export async function findReviewCardsOfUser(db: Db, userId: string): Promise<ReviewCardRow[]> {
  const { rows } = await db.query<ReviewCardRow>(
    `SELECT ${CARD_COLUMNS} FROM review_cards WHERE user_id = $1 ORDER BY video_id, position, id`,
    [userId],
  );
  return rows;
}

/** Every rating the user gave, oldest first (the account export). */
export async function findReviewLogsOfUser(db: Db, userId: string): Promise<ReviewLogRow[]> {
  const { rows } = await db.query<ReviewLogRow>(
    `SELECT l.card_id, l.rating, l.state, l.due, l.stability, l.difficulty, l.elapsed_days,
            l.last_elapsed_days, l.scheduled_days, l.learning_steps, l.reviewed_at
       FROM review_logs l JOIN review_cards c ON c.id = l.card_id
      WHERE c.user_id = $1 ORDER BY l.reviewed_at, l.id`,
    [userId],
  );
  return rows;
}

/** A card's ratings, oldest first. */
export async function findReviewLogsOfCard(db: Db, cardId: string): Promise<ReviewLogRow[]> {
  const { rows } = await db.query<ReviewLogRow>(
    `SELECT card_id, rating, state, due, stability, difficulty, elapsed_days, last_elapsed_days,
            scheduled_days, learning_steps, reviewed_at
       FROM review_logs WHERE card_id = $1 ORDER BY reviewed_at, id`,
    [cardId],
  );
  return rows;
}

/** A quiz question as a card: its key within the video's deck, its wording, answer, place and moment. */
export interface QuizDeckCard {
  key: string;
  question: string;
  answer: string;
  position: number;
  momentStart: number;
}

/**
 * Adds a quiz question to the user's deck with the `fresh` schedule, unless the video already has a card of that
 * key (then nothing changes). Answers the card and whether it was added.
 */
export async function addQuizReviewCard(
  db: Db,
  card: { userId: string; videoId: string; fresh: ReviewSchedule } & QuizDeckCard,
): Promise<{ card: ReviewCardRow; added: boolean }> {
  const { fresh } = card;
  const inserted = await db.query<ReviewCardRow>(
    `INSERT INTO review_cards (user_id, video_id, question_key, question, answer, position, source, moment_start,
                               ${SCHEDULE_COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6, 'quiz', $7, ${SCHEDULE_COLUMNS.map((_, i) => `$${i + 8}`).join(', ')})
     ON CONFLICT (video_id, question_key) DO NOTHING RETURNING ${CARD_COLUMNS}`,
    [
      card.userId,
      card.videoId,
      card.key,
      card.question,
      card.answer,
      card.position,
      card.momentStart,
      ...SCHEDULE_COLUMNS.map((column) => fresh[column]),
    ],
  );
  if (inserted.rows[0]) return { card: inserted.rows[0], added: true };
  const { rows } = await db.query<ReviewCardRow>(
    `SELECT ${CARD_COLUMNS} FROM review_cards WHERE video_id = $1 AND question_key = $2`,
    [card.videoId, card.key],
  );
  return { card: rows[0]!, added: false };
}

/** The video's current cards of these keys, locked for update until the transaction ends. */
export async function lockReviewCardsByKey(
  db: Db,
  videoId: string,
  keys: readonly string[],
): Promise<ReviewCardRow[]> {
  const { rows } = await db.query<ReviewCardRow>(
    `SELECT ${CARD_COLUMNS} FROM review_cards
      WHERE video_id = $1 AND question_key = ANY($2::text[]) AND retired_at IS NULL
      ORDER BY id FOR UPDATE`,
    [videoId, keys],
  );
  return rows;
}

/** Brings every current card of the video due after `latest` forward to `latest` (a new exam date). */
export async function bringReviewCardsForward(db: Db, videoId: string, latest: Date): Promise<void> {
  await db.query(`UPDATE review_cards SET due = $2 WHERE video_id = $1 AND retired_at IS NULL AND due > $2`, [
    videoId,
    latest,
  ]);
}

/** How many of the video's current cards are due before `before`, and how many of those are new. */
export async function countReviewCardsDueBefore(
  db: Db,
  videoId: string,
  before: Date,
): Promise<{ cards: number; newCards: number }> {
  const { rows } = await db.query<{ cards: number; new_cards: number }>(
    `SELECT count(*)::int AS cards, count(*) FILTER (WHERE state = 'new')::int AS new_cards
       FROM review_cards WHERE video_id = $1 AND retired_at IS NULL AND due < $2`,
    [videoId, before],
  );
  return { cards: rows[0]?.cards ?? 0, newCards: rows[0]?.new_cards ?? 0 };
}

/** Brings every current card of the course's lectures due after `latest` forward to `latest` (a course exam date). */
export async function bringCourseReviewCardsForward(db: Db, courseId: string, latest: Date): Promise<void> {
  await db.query(
    `UPDATE review_cards SET due = $2
      WHERE video_id IN (SELECT video_id FROM course_lectures WHERE course_id = $1 AND video_id IS NOT NULL)
        AND retired_at IS NULL AND due > $2`,
    [courseId, latest],
  );
}

/** How many of the course lectures' current cards are due before `before`, and how many of those are new. */
export async function countCourseReviewCardsDueBefore(
  db: Db,
  courseId: string,
  before: Date,
): Promise<{ cards: number; newCards: number }> {
  const { rows } = await db.query<{ cards: number; new_cards: number }>(
    `SELECT count(*)::int AS cards, count(*) FILTER (WHERE state = 'new')::int AS new_cards
       FROM review_cards
      WHERE video_id IN (SELECT video_id FROM course_lectures WHERE course_id = $1 AND video_id IS NOT NULL)
        AND retired_at IS NULL AND due < $2`,
    [courseId, before],
  );
  return { cards: rows[0]?.cards ?? 0, newCards: rows[0]?.new_cards ?? 0 };
}
