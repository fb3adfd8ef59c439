import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  markQuizAnswers,
  parseQuiz,
  type Quiz,
  type QuizAttempt,
  type QuizGivenAnswer,
  type QuizReviewCard,
} from '@lectern/contracts';
import {
  findUserAiContentItem,
  findAutoReviewWrongAnswers,
  findNewestAiContent,
  findQuizAttemptsOfVideo,
  insertQuizAttempt,
  lockUserForKeyShare,
  lockVideoForShare,
  type AiContentRow,
  type Db,
  Transactions,
} from '@lectern/db';
import { InjectDb } from '../database/database.module';
import { Clock } from '../common/clock';
import { userVideoOr404, videoOr404 } from '../library/user-video';
import { addQuestionCard, applyAttemptToDeck } from './quiz-cards';
import { toQuizAttempt } from './quiz-attempt-row';

export const QUIZ_NOT_FOUND = 'Quiz not found.';
export const NO_QUIZ_YET = 'This video has no quiz yet. Generate one in the study tools first.';

/** A video's quiz taken: read, answered and scored, and its wrong answers brought into review. */
@Injectable()
export class QuizzesService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** The newest quiz of the user's video, as questions. Reading never counts, on any plan. */
  async newest(userId: string, videoId: string): Promise<Quiz> {
    await userVideoOr404(this.db, userId, videoId);
    const row = await findNewestAiContent(this.db, videoId, 'quiz', null);
    if (!row) throw new NotFoundException(NO_QUIZ_YET);
    return toQuiz(row);
  }

  /**
   * Scores and stores an attempt at one of the user's quizzes, then brings it into review: cards of its
   * questions are rated by how they went, and wrong answers become cards when the student asked for that.
   */
  async attempt(
    userId: string,
    quizId: string,
    answers: Record<string, QuizGivenAnswer>,
  ): Promise<QuizAttempt> {
    const quiz = toQuiz(await this.quizOr404(userId, quizId));
    const marked = markQuizAnswers(quiz.questions, answers);
    if ('problem' in marked) throw new BadRequestException(marked.problem);
    const { results } = marked;
    const addWrong = await findAutoReviewWrongAnswers(this.db, userId);
    const row = await this.transactions.run(async (db) => {
      // The user before the video, as everything writing cards does (account deletion locks in that order).
      await lockUserForKeyShare(db, userId);
      if (!(await lockVideoForShare(db, userId, quiz.videoId))) throw new NotFoundException(QUIZ_NOT_FOUND);
      const now = this.clock.now();
      const stored = await insertQuizAttempt(db, {
        user_id: userId,
        video_id: quiz.videoId,
        ai_content_id: quiz.id,
        answers_json: answers,
        results_json: results,
        score: results.filter((result) => result.correct).length,
        total: results.length,
        created_at: now,
      });
      await applyAttemptToDeck(db, { userId, videoId: quiz.videoId, now, addWrong }, quiz.questions, results);
      return stored;
    });
    return toQuizAttempt(row);
  }

  /** The user's attempts at the quizzes of their video, newest first. */
  async attempts(userId: string, videoId: string): Promise<QuizAttempt[]> {
    await userVideoOr404(this.db, userId, videoId);
    return (await findQuizAttemptsOfVideo(this.db, userId, videoId)).map(toQuizAttempt);
  }

  /** Adds one question of the user's quiz to their review deck, once: asked again, the same card answers. */
  async review(userId: string, quizId: string, questionId: string): Promise<QuizReviewCard> {
    const quiz = toQuiz(await this.quizOr404(userId, quizId));
    const position = quiz.questions.findIndex((question) => question.id === questionId);
    const question = quiz.questions[position];
    if (!question) throw new NotFoundException(`This quiz has no question ${questionId}.`);
    const { card, added } = await this.transactions.run(async (db) => {
      await lockUserForKeyShare(db, userId);
      videoOr404(await lockVideoForShare(db, userId, quiz.videoId));
      return addQuestionCard(
        db,
        { userId, videoId: quiz.videoId, now: this.clock.now() },
        question,
        position,
      );
    });
    return {
      id: card.id,
      videoId: card.video_id,
      quizId: quiz.id,
      questionId,
      due: card.due.toISOString(),
      moment: { start: card.moment_start ?? question.moment.start },
      added,
    };
  }

  private async quizOr404(userId: string, quizId: string): Promise<AiContentRow> {
    const row = await findUserAiContentItem(this.db, userId, quizId, 'quiz');
    if (!row) throw new NotFoundException(QUIZ_NOT_FOUND);
    return row;
  }
}

function toQuiz(row: AiContentRow): Quiz {
  return {
    id: row.id,
    videoId: row.video_id,
    createdAt: row.created_at.toISOString(),
    questions: parseQuiz(row.output_text),
  };
}
