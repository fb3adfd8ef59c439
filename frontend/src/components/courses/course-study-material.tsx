import {
  lectureHeading,
  type CourseAiContentItem,
  type CourseAiType,
  type CourseOutline,
  type CourseSummaryOutput,
} from '@lectern/contracts';
import { LoaderCircle } from 'lucide-react';
import { errorMessage } from '@/api/http';
import { ProUpsell } from '@/components/pro/pro-plan';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MomentLink } from '@/components/video/player/moment-link';
import { useCourseAiContent, useGenerateCourseAiContent } from '@/hooks/use-course-ai-content';

const TITLES: Record<CourseAiType, string> = { outline: 'Course outline', summary: 'Course summary' };
const PRO_TEXT: Record<CourseAiType, string> = {
  outline: 'Course outlines are part of Lectern Pro.',
  summary: 'Course summaries are part of Lectern Pro.',
};
const DESCRIPTIONS: Record<CourseAiType, string> = {
  outline: "Every lecture's sections and key points in one outline, each point a link to its moment.",
  summary: 'What the course covers, lecture by lecture, written from the lectures’ summaries.',
};

/** The course outline: a part per lecture, its sections and points, each moment opening its lecture there. */
export function CourseOutlineView({ outline }: { outline: CourseOutline }) {
  return (
    <ol className="space-y-5" aria-label="Course outline">
      {outline.lectures.map((lecture) => (
        <li key={lecture.videoId} className="space-y-2">
          <h4 className="font-semibold">{lectureHeading(lecture)}</h4>
          <ul className="space-y-2">
            {lecture.sections.map((section) => (
              <li key={`${section.moment.start}-${section.title}`}>
                <p className="flex items-baseline gap-2 font-medium">
                  <MomentLink videoId={section.moment.videoId} seconds={section.moment.start} />
                  <span>{section.title}</span>
                </p>
                <ul className="mt-1 space-y-1 pl-4 text-sm">
                  {section.points.map((point) => (
                    <li key={`${point.moment.start}-${point.text}`} className="flex items-baseline gap-2">
                      <MomentLink videoId={point.moment.videoId} seconds={point.moment.start} />
                      <span>{point.text}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The course summary: what the course covers, then each lecture's part under its heading. */
export function CourseSummaryView({ summary }: { summary: CourseSummaryOutput }) {
  return (
    <div className="space-y-4">
      {summary.overview ? <p>{summary.overview}</p> : null}
      {summary.lectures.map((lecture) => (
        <section key={lecture.videoId} className="space-y-1">
          <h4 className="font-semibold">{lectureHeading(lecture)}</h4>
          <p className="text-sm">{lecture.summary}</p>
        </section>
      ))}
    </div>
  );
}

function StoredMaterial({ item }: { item: CourseAiContentItem }) {
  return item.type === 'outline' ? (
    <CourseOutlineView outline={item.output} />
  ) : (
    <CourseSummaryView summary={item.output} />
  );
}

function CourseMaterialCard({
  courseId,
  type,
  item,
  isPro,
  readyLectures,
}: {
  courseId: string;
  type: CourseAiType;
  item: CourseAiContentItem | undefined;
  isPro: boolean;
  readyLectures: number;
}) {
  const generate = useGenerateCourseAiContent(courseId);
  const title = TITLES[type];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{DESCRIPTIONS[type]}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPro ? (
          <Button
            variant={item ? 'outline' : 'default'}
            disabled={generate.isPending || readyLectures === 0}
            onClick={() => generate.mutate(type)}
          >
            {generate.isPending
              ? 'Generating...'
              : item
                ? `Generate the ${type} again`
                : `Generate the ${type}`}
          </Button>
        ) : (
          <ProUpsell badge>{PRO_TEXT[type]}</ProUpsell>
        )}
        {generate.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
            Writing the course {type} from {readyLectures} {readyLectures === 1 ? 'lecture' : 'lectures'}:
            each lecture’s own {type} first (those already written are reused), then the course’s.
          </p>
        ) : null}
        {generate.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(generate.error, `The course ${type} could not be written. Please try again.`)}
          </p>
        ) : null}
        {item ? <StoredMaterial item={item} /> : null}
      </CardContent>
    </Card>
  );
}

/** The course's outline and summary, written from its ready lectures (Pro); Free users see the upgrade prompt. */
export function CourseStudyMaterial({
  courseId,
  isPro,
  readyLectures,
}: {
  courseId: string;
  isPro: boolean;
  readyLectures: number;
}) {
  const content = useCourseAiContent(courseId);
  const newest = (type: CourseAiType) => content.data?.find((item) => item.type === type);
  return (
    <section aria-label="Course study material" className="grid gap-4 lg:grid-cols-2">
      {(['outline', 'summary'] as const).map((type) => (
        <CourseMaterialCard
          key={type}
          courseId={courseId}
          type={type}
          item={newest(type)}
          isPro={isPro}
          readyLectures={readyLectures}
        />
      ))}
    </section>
  );
}
