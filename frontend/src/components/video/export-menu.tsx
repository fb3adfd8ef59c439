import { EXPORT_FORMATS, type ExportFormat, type VideoSummary } from '@lectern/contracts';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useExport } from '@/hooks/use-export';
import { cn } from '@/lib/utils';

/** PDF and DOCX need Pro: disabled with a Pro badge on the Free plan. */
const PRO_ONLY: ReadonlySet<ExportFormat> = new Set<ExportFormat>(['pdf', 'docx']);

export function ExportMenu({
  video,
  isPro,
  floating = false,
}: {
  video: Pick<VideoSummary, 'id' | 'title'>;
  isPro: boolean;
  floating?: boolean;
}) {
  const exporter = useExport(video);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {floating ? (
          <Button
            size="icon"
            aria-label="Export transcript"
            className={cn('fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg lg:hidden')}
            disabled={exporter.isPending}
          >
            <Download className="size-6" aria-hidden />
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={exporter.isPending}>
            <Download aria-hidden />
            Export
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => {
          const locked = PRO_ONLY.has(format) && !isPro;
          return (
            <DropdownMenuItem key={format} disabled={locked} onSelect={() => exporter.mutate(format)}>
              {format.toUpperCase()}
              {locked ? (
                <Badge variant="secondary" className="ml-auto">
                  Pro
                </Badge>
              ) : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
