import type { ServerResponse } from 'node:http';
import {
  BadRequestException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  BAD_COURSE_EXPORT_FORMAT,
  BAD_EXPORT_FORMAT,
  CourseExportFormatSchema,
  ExportFormatSchema,
  FREE_EXPORT_FORMATS,
  isFreeExport,
  isStudyMaterialExport,
  isRecordId,
  nothingInCourseToExport,
  nothingToExport,
  parseFlashcards,
  parseQuiz,
  QueueName,
  type CourseExportFormat,
  type ExportFormat,
  type RenderCourseExportResult,
  type RenderExportResult,
  type User,
} from '@lectern/contracts';
import {
  courseHasStudyMaterial,
  findCourse,
  findNewestAiContent,
  findNewestCourseCards,
  type Db,
} from '@lectern/db';
import type { ExportHandOver } from '@lectern/handovers';
import { InjectDb } from '../database/database.module';
import { courseOr404 } from '../courses/course-not-found';
import { videoOfUserOr404 } from '../library/user-video';
import { askedAndAnswered, foreignResult, type ResultCheck } from '../jobs/user-jobs';
import { UserJobs } from '../jobs/user-jobs';
import { UsageService } from '../usage/usage.service';
import { JobAdmission } from '../usage/job-admission';
import { contentDisposition } from './download-name';
import { EXPORT_HAND_OVER } from './export-hand-over.provider';
import { sendRenderedExport, type RenderedExport } from './send-rendered-export';

// The ten-hour transcript renders in a few seconds; this leaves room for a queue of Pro exports ahead.
export const EXPORT_TIMEOUT_MS = 120_000;

const EXPORT_JOB_OPTIONS = {
  timeoutMs: EXPORT_TIMEOUT_MS,
  timeoutMessage: 'Preparing the export took too long. Please try again.',
};

/** What an export job was asked for: whose, in which format, of which video or course. */
type AskedExport = { userId: string; format: ExportFormat } & ({ videoId: string } | { courseId: string });

const PRO_FORMAT_MESSAGES: Record<Exclude<ExportFormat, (typeof FREE_EXPORT_FORMATS)[number]>, string> = {
  pdf: 'PDF export is part of the Pro plan. Upgrade to Pro to export PDF and DOCX files.',
  docx: 'DOCX export is part of the Pro plan. Upgrade to Pro to export PDF and DOCX files.',
  apkg: 'Anki export is part of the Pro plan. Upgrade to Pro to export flashcards as an Anki deck.',
  csv: 'CSV export is part of the Pro plan. Upgrade to Pro to export flashcards as CSV.',
  gift: 'GIFT export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
  moodle:
    'Moodle XML export is part of the Pro plan. Upgrade to Pro to export quizzes for Moodle and other learning platforms.',
};

@Injectable()
export class ExportService {
  private readonly logger = new Logger(ExportService.name);

  constructor(
    @InjectDb() private readonly db: Db,
    private readonly jobs: UserJobs,
    private readonly usage: UsageService,
    private readonly admission: JobAdmission,
    @Inject(EXPORT_HAND_OVER) private readonly handOver: ExportHandOver,
  ) {}

  /** Renders the video through the export worker and streams the file to the user. */
  async download(user: User, videoId: string, format: string, res: ServerResponse): Promise<void> {
    await sendRenderedExport(this.handOver, await this.render(user, videoId, format), res);
  }

  private async hasFlashcards(videoId: string): Promise<boolean> {
    const stored = await findNewestAiContent(this.db, videoId, 'flashcards', null);
    return stored !== null && parseFlashcards(stored.output_text).length > 0;
  }

  private async hasQuiz(videoId: string): Promise<boolean> {
    const stored = await findNewestAiContent(this.db, videoId, 'quiz', null);
    return stored !== null && parseQuiz(stored.output_text).length > 0;
  }

  /**
   * TXT and Markdown for everyone; PDF, DOCX, the flashcard exports (Anki, CSV) and the quiz exports (GIFT,
   * Moodle XML) for Pro and admins; the video must be the user's (404 otherwise, so another user's video looks
   * exactly like a missing one), and a flashcard or quiz export needs flashcards or a quiz (422). The worker leaves the file in the export hand-over (PostgreSQL or the bucket).
   */
  async render(user: User, videoId: string, rawFormat: string): Promise<RenderedExport> {
    const parsed = ExportFormatSchema.safeParse(rawFormat);
    if (!parsed.success) throw new BadRequestException(BAD_EXPORT_FORMAT);
    const format = parsed.data;
    await videoOfUserOr404(this.db, user.id, videoId);
    if (!isFreeExport(format)) this.usage.requirePro(user, `export:${format}`, PRO_FORMAT_MESSAGES[format]);
    // Asked before queueing a job that could only fail the same way (the worker checks it too).
    if (isStudyMaterialExport(format)) {
      const [flashcards, quiz] = await Promise.all([this.hasFlashcards(videoId), this.hasQuiz(videoId)]);
      const refusal = nothingToExport(format, { flashcards, quiz });
      if (refusal !== null) throw new UnprocessableEntityException(refusal);
    }

    const asked = { userId: user.id, videoId, format };
    return this.handedOver(user, asked, (check) =>
      this.jobs.request(
        user,
        QueueName.Export,
        'render',
        { videoId, userId: user.id, format },
        EXPORT_JOB_OPTIONS,
        check,
      ),
    );
  }

  /** Renders the course's study guide or Anki package through the export worker and streams it to the user. */
  async downloadCourse(user: User, courseId: string, format: string, res: ServerResponse): Promise<void> {
    await sendRenderedExport(this.handOver, await this.renderCourse(user, courseId, format), res);
  }

  /**
   * A course exports as the video does: Markdown for everyone, PDF, DOCX and Anki for Pro and admins, 404 for a
   * course that is not the user's, 422 when no ready lecture has what the format carries (the worker checks too).
   */
  async renderCourse(user: User, courseId: string, rawFormat: string): Promise<RenderedExport> {
    const parsed = CourseExportFormatSchema.safeParse(rawFormat);
    if (!parsed.success) throw new BadRequestException(BAD_COURSE_EXPORT_FORMAT);
    const format = parsed.data;
    courseOr404(await findCourse(this.db, user.id, courseId));
    if (!isFreeExport(format)) this.usage.requirePro(user, `export:${format}`, PRO_FORMAT_MESSAGES[format]);
    const refusal = nothingInCourseToExport(format, await this.courseMaterial(user.id, courseId, format));
    if (refusal !== null) throw new UnprocessableEntityException(refusal);

    const asked = { userId: user.id, courseId, format };
    return this.handedOver(user, asked, (check) =>
      this.jobs.request(
        user,
        QueueName.Export,
        'render-course',
        { courseId, userId: user.id, format },
        EXPORT_JOB_OPTIONS,
        check,
      ),
    );
  }

  /** What the course has for this format: only what the format needs is looked up. */
  private async courseMaterial(
    userId: string,
    courseId: string,
    format: CourseExportFormat,
  ): Promise<{ cards: boolean; studyMaterial: boolean }> {
    if (format !== 'apkg')
      return { cards: false, studyMaterial: await courseHasStudyMaterial(this.db, userId, courseId) };
    const stored = await findNewestCourseCards(this.db, userId, courseId);
    const cards = stored.some((row) =>
      row.feature_type === 'flashcards'
        ? parseFlashcards(row.output_text).length > 0
        : parseQuiz(row.output_text).length > 0,
    );
    return { cards, studyMaterial: false };
  }

  /**
   * Queues the render under the user's export admission and answers the handed-over file, once it is sure the
   * file is the one made for this user, subject and format, whatever became of the job's data.
   */
  private async handedOver<R extends RenderExportResult | RenderCourseExportResult>(
    user: User,
    asked: AskedExport,
    queue: (check: ResultCheck<R>) => Promise<R>,
  ): Promise<RenderedExport> {
    const result = await this.admission.run(user, 'export', EXPORT_TIMEOUT_MS, () =>
      queue({
        what: 'export',
        mismatch: async (result) => {
          // The id comes back through Redis: only a UUID is looked up.
          if (!isRecordId(result.fileId)) {
            this.logger.error({ fileId: result.fileId }, 'the export worker answered an unexpected file id');
            throw new InternalServerErrorException();
          }
          const differs = askedAndAnswered(asked, result);
          if (differs) await this.handOver.delete(result.fileId).catch(() => undefined);
          return differs;
        },
      }),
    );
    const file = await this.handOver.find(result.fileId);
    if (!file) {
      this.logger.error({ fileId: result.fileId }, 'a rendered export is missing from the export hand-over');
      throw new InternalServerErrorException();
    }
    const stored = askedAndAnswered(asked, { ...result, userId: file.userId, format: file.format });
    if (stored) throw foreignResult('export', stored);
    return {
      fileId: file.fileId,
      bytes: file.bytes,
      contentType: result.contentType,
      disposition: contentDisposition(result.title, asked.format),
    };
  }
}
