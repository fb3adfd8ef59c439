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
  BAD_EXPORT_FORMAT,
  ExportFormatSchema,
  FREE_EXPORT_FORMATS,
  isFreeExport,
  isStudyMaterialExport,
  isRecordId,
  nothingToExport,
  parseFlashcards,
  parseQuiz,
  QueueName,
  type ExportFormat,
  type User,
} from '@lectern/contracts';
import { findNewestAiContent, type Db } from '@lectern/db';
import type { ExportHandOver } from '@lectern/handovers';
import { InjectDb } from '../database/database.module';
import { videoOfUserOr404 } from '../library/user-video';
import { askedAndAnswered, foreignResult } from '../jobs/user-jobs';
import { UserJobs } from '../jobs/user-jobs';
import { UsageService } from '../usage/usage.service';
import { JobAdmission } from '../usage/job-admission';
import { contentDisposition } from './download-name';
import { EXPORT_HAND_OVER } from './export-hand-over.provider';
import { sendRenderedExport, type RenderedExport } from './send-rendered-export';

// The ten-hour transcript renders in a few seconds; this leaves room for a queue of Pro exports ahead.
export const EXPORT_TIMEOUT_MS = 120_000;

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
    const result = await this.admission.run(user, 'export', EXPORT_TIMEOUT_MS, () =>
      this.jobs.request(
        user,
        QueueName.Export,
        'render',
        { videoId, userId: user.id, format },
        {
          timeoutMs: EXPORT_TIMEOUT_MS,
          timeoutMessage: 'Preparing the export took too long. Please try again.',
        },
        {
          what: 'export',
          // The file must be the one made for this user, video and format, whatever became of the job's data.
          mismatch: async (result) => {
            // The id comes back through Redis: only a UUID is looked up.
            if (!isRecordId(result.fileId)) {
              this.logger.error(
                { fileId: result.fileId },
                'the export worker answered an unexpected file id',
              );
              throw new InternalServerErrorException();
            }
            const differs = askedAndAnswered(asked, result);
            if (differs) await this.handOver.delete(result.fileId).catch(() => undefined);
            return differs;
          },
        },
      ),
    );
    const file = await this.handOver.find(result.fileId);
    if (!file) {
      this.logger.error({ fileId: result.fileId }, 'a rendered export is missing from the export hand-over');
      throw new InternalServerErrorException();
    }
    const stored = askedAndAnswered(asked, {
      userId: file.userId,
      videoId: result.videoId,
      format: file.format,
    });
    if (stored) throw foreignResult('export', stored);
    return {
      fileId: file.fileId,
      bytes: file.bytes,
      contentType: result.contentType,
      disposition: contentDisposition(result.title, format),
    };
  }
}
