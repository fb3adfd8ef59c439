import {
  exportFileName,
  type Course,
  type CourseExportFormat,
  type ExportFormat,
  type VideoSummary,
} from '@lectern/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadCourseExport, downloadExport } from '@/api/exports';
import { errorMessage } from '@/api/http';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/share';

const SPELLED_OUT: Partial<Record<ExportFormat, string>> = { md: 'Markdown', moodle: 'Moodle XML' };

/** The format as the toast names it: TXT, PDF, GIFT… and Markdown, Moodle XML. */
const formatName = (format: ExportFormat): string => SPELLED_OUT[format] ?? format.toUpperCase();

const EXPORT_FAILED = 'There was an error generating the export file.';

/**
 * Downloads an export named from the title, with toasts. `explain` shows the server's sentence when the export
 * is refused (a course with nothing to export says what to do first).
 */
function useDownload<F extends ExportFormat>(
  title: string | null,
  download: (format: F) => Promise<Blob>,
  explain = false,
) {
  return useMutation({
    mutationFn: download,
    onMutate: (format) => {
      toast({ title: 'Export started', description: `Preparing ${formatName(format)} export...` });
    },
    onSuccess: (blob, format) => {
      saveBlob(blob, exportFileName(title, format));
      toast({ title: 'Export complete' });
    },
    onError: (error) => {
      toast({
        title: 'Export failed',
        description: explain ? errorMessage(error, EXPORT_FAILED) : EXPORT_FAILED,
        variant: 'destructive',
      });
    },
  });
}

export function useExport(video: Pick<VideoSummary, 'id' | 'title'>) {
  return useDownload(video.title, (format: ExportFormat) => downloadExport(video.id, format));
}

/** A course's study guide or Anki package, named from the course's title. */
export function useCourseExport(course: Pick<Course, 'id' | 'title'>) {
  return useDownload(
    course.title,
    (format: CourseExportFormat) => downloadCourseExport(course.id, format),
    true,
  );
}
