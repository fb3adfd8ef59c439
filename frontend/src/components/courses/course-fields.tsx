import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A course's title and optional exam date as a form edits them ('' for no exam date). */
export function useCourseFields(initial: { title: string; examDate: string | null }) {
  const [title, setTitle] = useState(initial.title);
  const [examDate, setExamDate] = useState(initial.examDate ?? '');
  return {
    title,
    setTitle,
    examDate,
    setExamDate,
    /** What the course API takes: null for no exam date. */
    request: { title, examDate: examDate === '' ? null : examDate },
  };
}

/** The title and exam date fields; `idPrefix` keeps their ids apart when two forms are on one page. */
export function CourseFields({
  idPrefix,
  fields,
}: {
  idPrefix: string;
  fields: ReturnType<typeof useCourseFields>;
}) {
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-title`}>Title</Label>
        <Input
          id={`${idPrefix}-title`}
          value={fields.title}
          onChange={(e) => fields.setTitle(e.target.value)}
          required
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-exam-date`}>Exam date (optional)</Label>
        <Input
          id={`${idPrefix}-exam-date`}
          type="date"
          value={fields.examDate}
          onChange={(e) => fields.setExamDate(e.target.value)}
        />
      </div>
    </>
  );
}
