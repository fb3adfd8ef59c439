import type { Course } from '@lectern/contracts';
import { errorMessage } from '@/api/http';
import { LectureRow } from '@/components/courses/lecture-row';
import { useSetCourseLectures } from '@/hooks/use-courses';
import { movedVideoIds } from '@/lib/course-progress';

/**
 * The lectures in order. Library lectures move up and down and leave the course (the video stays in the library);
 * lectures an import is still bringing in keep their places after them.
 */
export function LectureList({ course }: { course: Course }) {
  const setLectures = useSetCourseLectures(course.id);
  const inLibrary = course.lectures.flatMap((lecture) => (lecture.videoId === null ? [] : [lecture.videoId]));

  if (course.lectures.length === 0)
    return <p className="text-muted-foreground">No lectures yet. Add videos from your library below.</p>;

  return (
    <div className="space-y-2">
      {setLectures.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(setLectures.error, 'The lectures could not be changed. Please try again.')}
        </p>
      ) : null}
      <ol className="space-y-2" aria-label="Lectures">
        {course.lectures.map((lecture) => {
          const videoId = lecture.videoId;
          const place = videoId === null ? -1 : inLibrary.indexOf(videoId);
          return (
            <LectureRow
              key={videoId ?? `pending-${lecture.number}`}
              lecture={lecture}
              moves={
                videoId === null
                  ? null
                  : {
                      canMoveUp: place > 0,
                      canMoveDown: place < inLibrary.length - 1,
                      pending: setLectures.isPending,
                      onMove: (by) => setLectures.mutate(movedVideoIds(course.lectures, videoId, by)),
                      onRemove: () => setLectures.mutate(inLibrary.filter((id) => id !== videoId)),
                    }
              }
            />
          );
        })}
      </ol>
    </div>
  );
}
