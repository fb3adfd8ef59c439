import { COURSE_EXPORT_FORMATS, hasProAccess, type Course } from '@lectern/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { ExportFormatItems } from '@/components/video/export-menu';
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
        <ExportFormatItems
          formats={COURSE_EXPORT_FORMATS}
          isPro={isPro}
          onSelect={(format) => exporter.mutate(format)}
        />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
