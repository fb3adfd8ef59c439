import type { Course } from '@lectern/contracts';
import { Plus } from 'lucide-react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useSetCourseLectures } from '@/hooks/use-courses';
import { useVideos } from '@/hooks/use-videos';

/** The library's videos not in the course yet; adding one puts it after the course's library lectures. */
export function AddLectures({ course }: { course: Course }) {
  const videos = useVideos();
  const setLectures = useSetCourseLectures(course.id);
  const inCourse = course.lectures.flatMap((lecture) => (lecture.videoId === null ? [] : [lecture.videoId]));
  const addable = (videos.data ?? []).filter((video) => !inCourse.includes(video.id));

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">Add lectures from your library</h2>
      </CardHeader>
      <CardContent className="space-y-2">
        {setLectures.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(setLectures.error, 'The lecture could not be added. Please try again.')}
          </p>
        ) : null}
        {videos.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your library...</p>
        ) : addable.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every video of your library is in this course.</p>
        ) : (
          <ul className="space-y-1">
            {addable.map((video) => (
              <li key={video.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm">{video.title ?? video.youtubeId}</span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Add "${video.title ?? video.youtubeId}"`}
                  disabled={setLectures.isPending}
                  onClick={() => setLectures.mutate([...inCourse, video.id])}
                >
                  <Plus aria-hidden />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
