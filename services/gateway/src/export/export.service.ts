import { unlink } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  ExportFormatSchema,
  hasProAccess,
  QueueName,
  type ExportFormat,
  type User,
} from '@lectern/contracts';
import { exportFilePath, JobRequester } from '@lectern/queue-runtime';
import { isVideoOfUser, typeormDb, type Db } from '@lectern/db';
import { DataSource } from 'typeorm';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { VIDEO_NOT_FOUND } from '../library/video-id';
import { foreignResult } from '../library/foreign-result';
import { laneFor } from '../usage/plan-lane';
import { MetricsService } from '../metrics/metrics.service';
import { JobAdmission } from '../usage/job-admission';
import { contentDisposition } from './download-name';
import { sendRenderedExport, type RenderedExport } from './send-rendered-export';

// The ten-hour transcript renders in a few seconds; this leaves room for a queue of Pro exports ahead.
export const EXPORT_TIMEOUT_MS = 120_000;

export const BAD_EXPORT_FORMAT = 'Export format must be txt, pdf or docx.';
const PRO_FORMATS_MESSAGE = (format: ExportFormat) =>
  `${format.toUpperCase()} export is part of the Pro plan. Upgrade to Pro to export PDF and DOCX files.`;

@Injectable()
export class ExportService {
  private readonly logger = new Logger(ExportService.name);
  private readonly db: Db;

  constructor(
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    dataSource: DataSource,
    private readonly jobs: JobRequester,
    private readonly metrics: MetricsService,
    private readonly admission: JobAdmission,
  ) {
    this.db = typeormDb(dataSource.manager);
  }

  /** Renders the video through the export worker and streams the file to the user. */
  async download(user: User, videoId: string, format: string, res: ServerResponse): Promise<void> {
    await sendRenderedExport(await this.render(user, videoId, format), res);
  }

  /**
   * TXT for everyone, PDF and DOCX for Pro and admins; the video must be the user's (404 otherwise, so
   * another user's video looks exactly like a missing one). The worker leaves the file in EXPORT_DIR.
   */
  async render(user: User, videoId: string, rawFormat: string): Promise<RenderedExport> {
    const parsed = ExportFormatSchema.safeParse(rawFormat);
    if (!parsed.success) throw new BadRequestException(BAD_EXPORT_FORMAT);
    const format = parsed.data;
    if (!(await isVideoOfUser(this.db, user.id, videoId))) throw new NotFoundException(VIDEO_NOT_FOUND);
    if (format !== 'txt' && !hasProAccess(user)) {
      this.metrics.planGateRefused(`export:${format}`);
      throw new ForbiddenException(PRO_FORMATS_MESSAGE(format));
    }

    const result = await this.admission.run(user, 'export', EXPORT_TIMEOUT_MS, () =>
      this.jobs.request(
        QueueName.Export,
        'render',
        { videoId, userId: user.id, format },
        {
          lane: laneFor(user),
          timeoutMs: EXPORT_TIMEOUT_MS,
          timeoutMessage: 'Preparing the export took too long. Please try again.',
        },
      ),
    );
    // The name comes back through Redis: only a name the worker could have given is joined to the directory.
    const path = exportFilePath(this.env.EXPORT_DIR, result.file);
    if (!path) {
      this.logger.error({ file: result.file }, 'the export worker answered an unexpected file name');
      throw new InternalServerErrorException();
    }
    // The file must be the one made for this user, video and format, whatever became of the job's data.
    if (result.userId !== user.id || result.videoId !== videoId || result.format !== format) {
      await unlink(path).catch(() => undefined);
      throw foreignResult('export', {
        asked: { userId: user.id, videoId, format },
        answered: { userId: result.userId, videoId: result.videoId, format: result.format },
      });
    }
    return { path, contentType: result.contentType, disposition: contentDisposition(result.title, format) };
  }

  /** Streams the file in small chunks (memory stays flat for any size) and deletes it whatever happens. */
}
