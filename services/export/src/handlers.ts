import {
  BAD_EXPORT_FORMAT,
  ExportFormatSchema,
  isFlashcardExport,
  NO_FLASHCARDS_TO_EXPORT,
  type QueueName,
} from '@lectern/contracts';
import { PermanentJobError, type JobHandlers } from '@lectern/queue-runtime';
import type { ExportFiles } from './export-files';
import type { ExportStore } from './export-store';
import { contentTypeFor, renderExport, storedFlashcards } from './render';

export interface ExportDependencies {
  store: ExportStore;
  files: ExportFiles;
}

export const VIDEO_NOT_FOUND = 'Video not found.';

export function createExportHandlers(deps: ExportDependencies): JobHandlers<typeof QueueName.Export> {
  return {
    render: async ({ videoId, userId, format: requested }) => {
      const format = ExportFormatSchema.safeParse(requested);
      if (!format.success) throw new PermanentJobError(400, BAD_EXPORT_FORMAT);
      // Checked here too, not only by the gateway: the job renders nothing that is not the user's.
      const doc = await deps.store.load(videoId, userId);
      if (!doc) throw new PermanentJobError(404, VIDEO_NOT_FOUND);
      if (isFlashcardExport(format.data) && storedFlashcards(doc).length === 0) {
        throw new PermanentJobError(422, NO_FLASHCARDS_TO_EXPORT);
      }
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
  };
}
