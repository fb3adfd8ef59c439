import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { CourseFields, useCourseFields } from '@/components/courses/course-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useCreateCourse } from '@/hooks/use-courses';
import { buildRoute } from '@/routes';

/** "New course": a title and an optional exam date; the new course opens. */
export function NewCourseForm() {
  const create = useCreateCourse();
  const navigate = useNavigate();
  const fields = useCourseFields({ title: '', examDate: null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(fields.request, { onSuccess: (course) => void navigate(buildRoute.course(course.id)) });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">New course</h2>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit}>
          <CourseFields idPrefix="course" fields={fields} />
          {create.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error, 'The course could not be made. Please try again.')}
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create course'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
