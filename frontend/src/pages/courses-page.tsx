import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { ImportPlaylistForm } from '@/components/courses/import-playlist-form';
import { NewCourseForm } from '@/components/courses/new-course-form';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCourses } from '@/hooks/use-courses';
import { formatDate } from '@/lib/format';
import { buildRoute } from '@/routes';

function lectureCount(count: number): string {
  return count === 1 ? '1 lecture' : `${count} lectures`;
}

function CourseList() {
  const courses = useCourses();
  if (courses.isPending)
    return <Skeleton className="h-24" aria-busy="true" aria-label="Loading your courses" />;
  if (courses.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(courses.error, 'Your courses could not be loaded. Please refresh the page.')}
      </p>
    );
  if (courses.data.length === 0)
    return (
      <Card className="items-center px-6 py-10 text-center">
        <p className="text-muted-foreground">
          No courses yet. Make one from your library, or import a YouTube playlist.
        </p>
      </Card>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {courses.data.map((course) => (
        <li key={course.id}>
          <Card className="gap-1 px-6">
            <Link
              to={buildRoute.course(course.id)}
              className="text-lg font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {course.title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {lectureCount(course.lectureCount)}
              {course.examDate ? ` · Exam ${formatDate(course.examDate) ?? course.examDate}` : ''}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export default function CoursesPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Courses</h1>
        <p className="mt-1 text-muted-foreground">Lectures in order, with where you stopped in each.</p>
      </div>
      <CourseList />
      <div className="grid gap-6 lg:grid-cols-2">
        <NewCourseForm />
        <ImportPlaylistForm />
      </div>
    </div>
  );
}
