import {
  BAD_COURSE_EXPORT_FORMAT,
  BAD_EXPORT_FORMAT,
  CourseExportFormatSchema,
  ExportFormatSchema,
  nothingInCourseToExport,
  nothingToExport,
  QueueName,
} from '@lectern/contracts';
import {
  PermanentJobError,
  type JobHandlers,
  type Logger,
  runWorkerProcess,
  type WorkerRuntime,
  type WorkerService,
} from '@lectern/queue-runtime';
import { ExportFiles } from './export-files';
import { ExportStore } from './export-store';
import {
  contentTypeFor,
  courseMaterial,
  renderCourseExport,
  renderExport,
  storedFlashcards,
  storedQuiz,
} from './render';
import { type ExportEnv, ExportEnvSchema } from './env';

export interface ExportDependencies {
  store: ExportStore;
  files: ExportFiles;
}

export const VIDEO_NOT_FOUND = 'Video not found.';
export const COURSE_NOT_FOUND = 'Course not found.';

export function createExportHandlers(deps: ExportDependencies): JobHandlers<typeof QueueName.Export> {
  return {
    render: async ({ videoId, userId, format: requested }) => {
      const format = ExportFormatSchema.safeParse(requested);
      if (!format.success) throw new PermanentJobError(400, BAD_EXPORT_FORMAT);
      // Checked here too, not only by the gateway: the job renders nothing that is not the user's.
      const doc = await deps.store.load(videoId, userId);
      if (!doc) throw new PermanentJobError(404, VIDEO_NOT_FOUND);
      const refusal = nothingToExport(format.data, {
        flashcards: storedFlashcards(doc).length > 0,
        quiz: storedQuiz(doc) !== null,
      });
      if (refusal !== null) throw new PermanentJobError(422, refusal);
      const stored = await deps.files.write(userId, format.data, (output) =>
        renderExport(doc, format.data, output),
      );
      return {
        ...stored,
        userId,
        videoId,
        format: format.data,
        contentType: contentTypeFor(format.data),
        title: doc.title,
      };
    },
    'render-course': async ({ courseId, userId, format: requested }) => {
      const format = CourseExportFormatSchema.safeParse(requested);
      if (!format.success) throw new PermanentJobError(400, BAD_COURSE_EXPORT_FORMAT);
      // The course and each lecture are read as this user's only, whatever the gateway checked.
      const course = await deps.store.loadCourse(courseId, userId);
      if (!course) throw new PermanentJobError(404, COURSE_NOT_FOUND);
      const refusal = nothingInCourseToExport(format.data, courseMaterial(course));
      if (refusal !== null) throw new PermanentJobError(422, refusal);
      const stored = await deps.files.write(userId, format.data, (output) =>
        renderCourseExport(course, format.data, output),
      );
      return {
        ...stored,
        userId,
        courseId,
        format: format.data,
        contentType: contentTypeFor(format.data),
        title: course.title,
      };
    },
  };
}

/** The export worker's resources: the database it renders from and hands files over in, or the bucket of EXPORT_S3_URL (old files swept away). */
export function createExportRuntime(
  env: ExportEnv,
  logger: Logger,
): Promise<WorkerRuntime<typeof QueueName.Export>> {
  const files = new ExportFiles({ databaseUrl: env.DATABASE_URL, maxConnections: 4, s3: env.EXPORT_S3_URL });
  const stopSweeping = files.startSweeping((error) =>
    logger.warn({ err: error }, 'could not remove old export files'),
  );
  const store = new ExportStore({ databaseUrl: env.DATABASE_URL, maxConnections: 4 });
  return Promise.resolve({
    handlers: createExportHandlers({ store, files }),
    close: async () => {
      stopSweeping();
      await Promise.all([store.close(), files.close()]);
    },
  });
}

/** The export worker: run as a process of its own (this file run directly) or beside the others in one process. */
export const exportWorker: WorkerService<typeof QueueName.Export, typeof ExportEnvSchema> = {
  queue: QueueName.Export,
  envSchema: ExportEnvSchema,
  concurrency: (env) => env.EXPORT_CONCURRENCY,
  setup: createExportRuntime,
};

if (require.main === module) void runWorkerProcess(exportWorker);
