import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  COURSE_NOT_READY_TO_ASK,
  QUESTION_NOT_FOUND,
  QueueName,
  isRecordId,
  type AiQuestion,
  type AskCourseResult,
  type AskResult,
  type CourseAskLecture,
  type User,
} from '@lectern/contracts';
import {
  deleteUserAiQuestion,
  findAiQuestionsOfCourse,
  findAiQuestionsOfVideo,
  findCourse,
  findCourseLectureTranscripts,
  insertAiQuestion,
  type Db,
} from '@lectern/db';
import { courseOr404 } from '../courses/course-not-found';
import { InjectDb } from '../database/database.module';
import { askedAndAnswered } from '../jobs/user-jobs';
import { UserJobs } from '../jobs/user-jobs';
import { userVideoOr404, videoOfUserOr404 } from '../library/user-video';
import type { JobStreamOpener } from '../streams/job-streams';
import { UsageService } from '../usage/usage.service';
import { toAiQuestion } from './ai-question-row';
import type { AskCommand } from './ask-request';

// One provider request (AI_TIMEOUT_MS, two minutes by default) and a job retry after a transient failure.
export const AI_ASK_TIMEOUT_MS = 5 * 60_000;

/**
 * Ask the video: a user's questions about one of their videos, answered by the ai worker from the transcript and
 * kept as a thread per video. Asking is a counted action; reading and deleting never count.
 */
@Injectable()
export class QuestionsService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly jobs: UserJobs,
    private readonly usage: UsageService,
  ) {}

  /** The user's thread on one of their videos, newest last. */
  async thread(userId: string, videoId: string): Promise<AiQuestion[]> {
    await userVideoOr404(this.db, userId, videoId);
    return (await findAiQuestionsOfVideo(this.db, userId, videoId)).map(toAiQuestion);
  }

  /**
   * Has the ai worker answer, as a counted action (see UsageService.runCounted): a Free user's question is reserved
   * before the job starts, so parallel asks never answer more questions than are left, and a failed one never
   * counts. Answers the stored question in its final form; with a `stream` (the client asked for an event stream),
   * the answer's text is streamed as the model writes it.
   */
  async ask(user: User, command: AskCommand, stream?: JobStreamOpener): Promise<AiQuestion> {
    if ('courseId' in command) return this.askCourse(user, command.courseId, command.question, stream);
    const video = await userVideoOr404(this.db, user.id, command.videoId);
    return this.usage.runCounted(user, 'ai_question', {
      startsJob: true,
      job: () => this.answer(user, video.transcriptId, command.question, stream),
      jobTimeoutMs: AI_ASK_TIMEOUT_MS,
      record: async (db, result) => {
        // Stored against the user's video only if it is still theirs (deleted meanwhile: 404, nothing counted).
        await videoOfUserOr404(db, user.id, video.id);
        const row = await insertAiQuestion(db, {
          user_id: user.id,
          video_id: video.id,
          question: command.question,
          answer: result.answer,
          citations: result.citations,
          engine: result.engine,
          model: result.model,
        });
        return { value: toAiQuestion(row), counted: row.id };
      },
    });
  }

  /** The user's thread on one of their courses, newest last. */
  async courseThread(userId: string, courseId: string): Promise<AiQuestion[]> {
    courseOr404(await findCourse(this.db, userId, courseId));
    return (await findAiQuestionsOfCourse(this.db, userId, courseId)).map(toAiQuestion);
  }

  /**
   * Ask the course: answered from every ready lecture of one of the user's courses, counted as one question like
   * a video's, each citation naming its lecture. A course with no ready lecture is 422.
   */
  private async askCourse(
    user: User,
    courseId: string,
    question: string,
    stream?: JobStreamOpener,
  ): Promise<AiQuestion> {
    if (!isRecordId(courseId)) courseOr404(null);
    const id = courseId.toLowerCase();
    const lectures = await this.courseLectures(user.id, id);
    return this.usage.runCounted(user, 'ai_question', {
      startsJob: true,
      job: () => this.answerFromCourse(user, lectures, question, stream),
      jobTimeoutMs: AI_ASK_TIMEOUT_MS,
      record: async (db, result) => {
        // Stored against the course only if it is still theirs (deleted meanwhile: 404, nothing counted).
        courseOr404(await findCourse(db, user.id, id));
        const row = await insertAiQuestion(db, {
          user_id: user.id,
          video_id: null,
          course_id: id,
          question,
          answer: result.answer,
          citations: result.citations,
          engine: result.engine,
          model: result.model,
        });
        return { value: toAiQuestion(row), counted: row.id };
      },
    });
  }

  /** The course's ready lectures in order, or 404 (not the user's course) or 422 (none ready). */
  private async courseLectures(userId: string, courseId: string): Promise<CourseAskLecture[]> {
    courseOr404(await findCourse(this.db, userId, courseId));
    const rows = await findCourseLectureTranscripts(this.db, userId, courseId);
    if (rows.length === 0) throw new UnprocessableEntityException(COURSE_NOT_READY_TO_ASK);
    return rows.map((row) => ({
      number: row.position,
      videoId: row.video_id,
      transcriptId: row.transcript_id,
    }));
  }

  /** Deletes one of the user's questions; another user's or a missing one is 404. Its use stays counted. */
  async delete(userId: string, questionId: string): Promise<void> {
    if (!(await deleteUserAiQuestion(this.db, userId, questionId)))
      throw new NotFoundException(QUESTION_NOT_FOUND);
  }

  /** The ai worker's answer from the course's lectures; it must be about these transcripts and this question. */
  private async answerFromCourse(
    user: User,
    lectures: CourseAskLecture[],
    question: string,
    stream?: JobStreamOpener,
  ): Promise<AskCourseResult> {
    const asked = { transcriptIds: lectures.map((lecture) => lecture.transcriptId).join(','), question };
    return this.jobs.request(
      user,
      QueueName.Ai,
      'askCourse',
      { lectures, question },
      {
        timeoutMs: AI_ASK_TIMEOUT_MS,
        timeoutMessage: 'Answering this question took too long. Please try again.',
        stream,
      },
      { what: 'answer', mismatch: (result) => askedAndAnswered(asked, result) },
    );
  }

  /** The ai worker's answer; it must be about this transcript and this question. */
  private async answer(
    user: User,
    transcriptId: string,
    question: string,
    stream?: JobStreamOpener,
  ): Promise<AskResult> {
    const asked = { transcriptId, question };
    return this.jobs.request(
      user,
      QueueName.Ai,
      'ask',
      asked,
      {
        timeoutMs: AI_ASK_TIMEOUT_MS,
        timeoutMessage: 'Answering this question took too long. Please try again.',
        stream,
      },
      { what: 'answer', mismatch: (result) => askedAndAnswered(asked, result) },
    );
  }
}
