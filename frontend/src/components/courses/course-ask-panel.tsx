import { hasProAccess, type Course } from '@lectern/contracts';
import { useId } from 'react';
import { QuestionThread } from '@/components/ai/ask/ask-panel';
import { CourseCitedAnswer } from '@/components/courses/course-cited-answer';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useSession } from '@/hooks/use-auth';

/** Ask the course: questions answered from all its analysed lectures, each answer citing lectures and moments. */
export function CourseAskPanel({ course }: { course: Course }) {
  const { user } = useSession();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="leading-none font-semibold">
          Ask the course
        </h2>
      </CardHeader>
      <CardContent>
        <QuestionThread
          subject={{ courseId: course.id }}
          isPro={user ? hasProAccess(user) : false}
          invitation="Ask anything about this course. Answers quote its lectures and link to the moments they rest on."
          renderAnswer={(text, citations) => (
            <CourseCitedAnswer lectures={course.lectures} text={text} citations={citations} />
          )}
        />
      </CardContent>
    </Card>
  );
}
