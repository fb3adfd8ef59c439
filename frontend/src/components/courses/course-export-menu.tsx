import { COURSE_EXPORT_FORMATS, hasProAccess, isFreeExport, type Course } from '@lectern/contracts';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EXPORT_LABELS } from '@/components/video/export-menu';
import { useSession } from '@/hooks/use-auth';
import { useCourseExport } from '@/hooks/use-export';

/**
 * The course's study guide (Markdown for everyone, PDF and DOCX for Pro) and its Anki package (Pro), like the
 * video page's Export menu. Shown once a lecture is in the library: before, there is nothing to export.
 */
export function CourseExportMenu({ course }: { course: Pick<Course, 'id' | 'title' | 'lectures'> }) {
  const { user } = useSession();
  const isPro = user ? hasProAccess(user) : false;
  const exporter = useCourseExport(course);
  if (!course.lectures.some((lecture) => lecture.state === 'ready')) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={exporter.isPending}>
          <Download aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {COURSE_EXPORT_FORMATS.map((format) => {
          // Markdown for every plan; the rest disabled with a Pro badge on the Free plan.
          const locked = !isFreeExport(format) && !isPro;
          return (
            <DropdownMenuItem key={format} disabled={locked} onSelect={() => exporter.mutate(format)}>
              {EXPORT_LABELS[format]}
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
