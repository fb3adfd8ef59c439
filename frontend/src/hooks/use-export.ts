import { exportFileName, type ExportFormat, type VideoSummary } from '@lectern/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '@/api/exports';
import { toast } from '@/hooks/use-toast';
import { saveBlob } from '@/lib/share';

const SPELLED_OUT: Partial<Record<ExportFormat, string>> = { md: 'Markdown', moodle: 'Moodle XML' };

/** The format as the toast names it: TXT, PDF, GIFT… and Markdown, Moodle XML. */
const formatName = (format: ExportFormat): string => SPELLED_OUT[format] ?? format.toUpperCase();

export function useExport(video: Pick<VideoSummary, 'id' | 'title'>) {
  return useMutation({
    mutationFn: (format: ExportFormat) => downloadExport(video.id, format),
    onMutate: (format) => {
      toast({ title: 'Export started', description: `Preparing ${formatName(format)} export...` });
    },
    onSuccess: (blob, format) => {
      saveBlob(blob, exportFileName(video.title, format));
      toast({ title: 'Export complete' });
    },
    onError: () => {
      toast({
        title: 'Export failed',
        description: 'There was an error generating the export file.',
        variant: 'destructive',
      });
    },
  });
}
