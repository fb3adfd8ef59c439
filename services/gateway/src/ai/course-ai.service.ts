import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  COURSE_NOT_READY_TO_GENERATE,
  DEFAULT_SUMMARY_LENGTH,
  QueueName,
  isRecordId,
  type CourseAiContentItem,
  type CourseAiType,
  type CourseLectureMaterial,
  type GenerateCourseResult,
  type User,
} from '@lectern/contracts';
import {
  findCourse,
  findCourseLectureTranscripts,
  findNewestAiContentOfFeature,
  findNewestCourseAiContent,
  insertCourseAiContent,
  type CourseAiContentRow,
  type CourseLectureTranscriptRow,
  type Db,
} from '@lectern/db';
import { JobRequestError } from '@lectern/queue-runtime';
import { courseOr404 } from '../courses/course-not-found';
import { InjectDb } from '../database/database.module';
import { askedAndAnswered, UserJobs } from '../jobs/user-jobs';
import { UsageService } from '../usage/usage.service';
import { AI_GENERATE_TIMEOUT_MS, AiService } from './ai.service';

/** A course outline or summary asked for (`POST /api/ai/generate` with a `courseId`). */
export interface CourseGenerateCommand {
  courseId: string;
  type: CourseAiType;
}

const PRO_LABELS: Record<CourseAiType, string> = {
  outline: 'Course outlines',
  summary: 'Course summaries',
};

/** A `course_ai_content` row in its API shape. */
export function toCourseAiContentItem(row: CourseAiContentRow): CourseAiContentItem {
  const stored = {
    id: row.id,
    courseId: row.course_id,
    engine: row.engine,
    model: row.model,
    createdAt: row.created_at.toISOString(),
  };
  return row.type === 'outline'
    ? {
        ...stored,
        type: 'outline',
        output: row.output as Extract<CourseAiContentItem, { type: 'outline' }>['output'],
      }
    : {
        ...stored,
        type: 'summary',
        output: row.output as Extract<CourseAiContentItem, { type: 'summary' }>['output'],
      };
}

/**
 * A course's outline and summary: mapped from each ready lecture's own outline or summary (the stored one, or one
 * generated as the video's own would be), then reduced by the ai worker in one job, counted as one generation.
 */
@Injectable()
export class CourseAiService {
  constructor(
    @InjectDb() private readonly db: Db,
    private readonly jobs: UserJobs,
    private readonly usage: UsageService,
    private readonly ai: AiService,
  ) {}

  /** The newest outline and summary of one of the user's courses (those it has), outline first. */
  async list(userId: string, courseId: string): Promise<CourseAiContentItem[]> {
    courseOr404(await findCourse(this.db, userId, courseId));
    return (await findNewestCourseAiContent(this.db, courseId)).map(toCourseAiContentItem);
  }

  /**
   * Pro only. Each ready lecture, in order, gives its newest stored outline (or summary, of any length); one it
   * lacks is generated first, as `POST /api/ai/generate` for the video would (counted as such, one at a time, so
   * they never take more than one of the user's generation slots). A lecture with no transcript text is left out.
   * Then the ai worker writes the course's from them, a counted generation stored with the course.
   */
  async generate(user: User, command: CourseGenerateCommand): Promise<CourseAiContentItem> {
    const { type } = command;
    this.usage.requirePro(
      user,
      `ai:course_${type}`,
      `${PRO_LABELS[type]} are part of the Pro plan. Upgrade to Pro to generate them.`,
    );
    if (!isRecordId(command.courseId)) courseOr404(null);
    const courseId = command.courseId.toLowerCase();
    const course = courseOr404(await findCourse(this.db, user.id, courseId));
    const lectures: CourseLectureMaterial[] = [];
    for (const lecture of await findCourseLectureTranscripts(this.db, user.id, courseId)) {
      const text = await this.lectureMaterial(user, lecture, type);
      if (text !== null)
        lectures.push({ number: lecture.position, videoId: lecture.video_id, title: lecture.title, text });
    }
    if (lectures.length === 0) throw new UnprocessableEntityException(COURSE_NOT_READY_TO_GENERATE);

    return this.usage.runCounted(user, 'ai_generation', {
      startsJob: true,
      job: () => this.reduce(user, { courseId, type, courseTitle: course.title, lectures }),
      jobTimeoutMs: AI_GENERATE_TIMEOUT_MS,
      record: async (db, result) => {
        // Stored with the course only if it is still theirs (deleted meanwhile: 404, nothing counted).
        courseOr404(await findCourse(db, user.id, courseId));
        const row = await insertCourseAiContent(db, {
          course_id: courseId,
          type: result.type,
          output: result.output,
          engine: result.engine,
          model: result.model,
        });
        return { value: toCourseAiContentItem(row), counted: row.id };
      },
    });
  }

  /** The lecture's newest outline or summary, generated when it has none; null when its transcript has no text. */
  private async lectureMaterial(
    user: User,
    lecture: CourseLectureTranscriptRow,
    type: CourseAiType,
  ): Promise<string | null> {
    const stored = await findNewestAiContentOfFeature(this.db, lecture.video_id, type);
    if (stored) return stored.output_text;
    try {
      const written = await this.ai.generate(user, {
        videoId: lecture.video_id,
        feature: type,
        summaryLength: type === 'summary' ? DEFAULT_SUMMARY_LENGTH : null,
        regenerate: false,
      });
      return written.outputText;
    } catch (error) {
      // The worker's 422: "This video has no transcript text to work from."
      if (error instanceof JobRequestError && error.status === 422) return null;
      throw error;
    }
  }

  /** The ai worker's course outline or summary; it must be of this course, type and lectures. */
  private reduce(
    user: User,
    data: { courseId: string; type: CourseAiType; courseTitle: string; lectures: CourseLectureMaterial[] },
  ): Promise<GenerateCourseResult> {
    const asked = {
      courseId: data.courseId,
      type: data.type,
      videoIds: data.lectures.map((lecture) => lecture.videoId).join(','),
    };
    return this.jobs.request(
      user,
      QueueName.Ai,
      'generateCourse',
      data,
      {
        timeoutMs: AI_GENERATE_TIMEOUT_MS,
        timeoutMessage: 'Writing this content took too long. Please try again.',
      },
      { what: 'AI content', mismatch: (result) => askedAndAnswered(asked, result) },
    );
  }
}
