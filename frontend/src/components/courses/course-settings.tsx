import type { Course } from '@lectern/contracts';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { CourseFields, useCourseFields } from '@/components/courses/course-fields';
import { Button } from '@/components/ui/button';
import { useDeleteCourse, useUpdateCourse } from '@/hooks/use-courses';
import { ROUTES } from '@/routes';

/** Rename the course and set or clear its exam date. */
export function RenameCourseForm({ course, onDone }: { course: Course; onDone: () => void }) {
  const update = useUpdateCourse(course.id);
  const fields = useCourseFields(course);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(fields.request, { onSuccess: onDone });
  };

  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
      <CourseFields idPrefix="rename-course" fields={fields} />
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {update.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(update.error, 'The course could not be changed. Please try again.')}
        </p>
      ) : null}
    </form>
  );
}

/** Deletes the course after asking; its videos stay in the library. */
export function DeleteCourseButton({ course }: { course: Course }) {
  const remove = useDeleteCourse();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const confirm = (event: MouseEvent) => {
    // Keep the dialog open until the delete answers.
    event.preventDefault();
    remove.mutate(course.id, { onSuccess: () => void navigate(ROUTES.courses) });
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline">Delete course</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete course?</AlertDialogTitle>
          <AlertDialogDescription>
            The course &quot;{course.title}&quot; goes; its videos stay in your library.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {remove.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(remove.error, 'The course could not be deleted. Please try again.')}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
