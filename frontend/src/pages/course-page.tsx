import { formatTimestamp, hasProAccess, type Course } from '@lectern/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '@/api/http';
import { AddLectures } from '@/components/courses/add-lectures';
import { CourseAskPanel } from '@/components/courses/course-ask-panel';
import { CourseExportMenu } from '@/components/courses/course-export-menu';
import { DeleteCourseButton, RenameCourseForm } from '@/components/courses/course-settings';
import { CourseStudyMaterial } from '@/components/courses/course-study-material';
import { LectureList } from '@/components/courses/lecture-list';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/hooks/use-auth';
import { useCourse } from '@/hooks/use-courses';
import { continuePoint, courseTimeLeft, formatTimeLeft, isImporting } from '@/lib/course-progress';
import { formatDate } from '@/lib/format';
import { momentPath } from '@/lib/moments';
import { ROUTES } from '@/routes';

/** "Continue: Lecture 5 at 12:34", the time left, and how far an import has come. */
function CourseProgress({ course }: { course: Course }) {
  const next = continuePoint(course.lectures);
  const ready = course.lectures.filter((lecture) => lecture.state === 'ready').length;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1 text-sm text-muted-foreground">
        <p>Time left: {formatTimeLeft(courseTimeLeft(course.lectures))}</p>
        {isImporting(course.lectures) ? (
          <p role="status">
            Importing: {ready} of {course.lectures.length} lectures ready
          </p>
        ) : null}
      </div>
      {next ? (
        <Button asChild>
          <Link to={momentPath(next.lecture.videoId, next.seconds)}>
            Continue: Lecture {next.lecture.number} at {formatTimestamp(next.seconds)}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function CourseView({ course }: { course: Course }) {
  const [renaming, setRenaming] = useState(false);
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <Link to={ROUTES.courses} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        All courses
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{course.title}</h1>
          {course.examDate ? (
            <p className="mt-1 text-muted-foreground">
              Exam {formatDate(course.examDate) ?? course.examDate}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <CourseExportMenu course={course} />
          {renaming ? null : (
            <Button variant="outline" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
          <DeleteCourseButton course={course} />
        </div>
      </div>
      {renaming ? <RenameCourseForm course={course} onDone={() => setRenaming(false)} /> : null}
      <CourseProgress course={course} />
      {course.notices.length > 0 ? (
        <ul className="space-y-1 rounded-lg border p-4 text-sm">
          {course.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      <LectureList course={course} />
      <CourseAskPanel course={course} />
      <AddLectures course={course} />
      <CourseStudyMaterial
        courseId={course.id}
        isPro={user ? hasProAccess(user) : false}
        readyLectures={course.lectures.filter((lecture) => lecture.state === 'ready').length}
      />
    </div>
  );
}

export default function CoursePage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  if (course.isPending) return <Skeleton className="h-64" aria-busy="true" aria-label="Loading the course" />;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <Card className="mx-auto max-w-md items-center px-6 py-12 text-center">
        <h1 className="text-2xl font-semibold">
          {missing ? 'Course not found' : 'This course could not be loaded'}
        </h1>
        {missing ? null : (
          <p className="text-muted-foreground">
            {errorMessage(course.error, 'Please try again in a moment.')}
          </p>
        )}
        <Button asChild>
          <Link to={ROUTES.courses}>Back to Courses</Link>
        </Button>
      </Card>
    );
  }
  return <CourseView course={course.data} />;
}
