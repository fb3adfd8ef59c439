import { formatDuration, formatTimestamp, type CourseLecture } from '@lectern/contracts';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LECTURE_STATE_LABELS, isFinished } from '@/lib/course-progress';
import { momentPath } from '@/lib/moments';

export interface LectureMoves {
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  pending: boolean;
}

const titleOf = (lecture: CourseLecture) => lecture.title ?? lecture.youtubeId ?? 'Untitled video';

function Watched({ lecture }: { lecture: CourseLecture }) {
  if (lecture.watchedPosition === null) return null;
  if (isFinished(lecture)) return <span>Watched</span>;
  return (
    <span>
      Watched to {formatTimestamp(lecture.watchedPosition)}
      {lecture.duration === null ? '' : ` of ${formatDuration(lecture.duration)}`}
    </span>
  );
}

function Study({ lecture }: { lecture: CourseLecture }) {
  const score = lecture.lastQuizScore;
  const best = lecture.bestQuizScore;
  return (
    <>
      {lecture.cardsDue > 0 ? (
        <span>{lecture.cardsDue === 1 ? '1 card due' : `${lecture.cardsDue} cards due`}</span>
      ) : null}
      {score ? (
        <span>
          Quiz {score.score}/{score.total}
          {best && (best.score !== score.score || best.total !== score.total)
            ? ` (best ${best.score}/${best.total})`
            : ''}
        </span>
      ) : null}
    </>
  );
}

/** One lecture of the course: its number, title, state, length, where the user stopped, and its moves. */
export function LectureRow({ lecture, moves }: { lecture: CourseLecture; moves: LectureMoves | null }) {
  const title = titleOf(lecture);
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          <span className="text-muted-foreground">{lecture.number}. </span>
          {lecture.videoId ? (
            <Link
              to={momentPath(lecture.videoId, lecture.watchedPosition ?? 0)}
              className="underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {lecture.state === 'ready' ? null : (
            <Badge variant={lecture.state === 'failed' ? 'destructive' : 'secondary'}>
              {LECTURE_STATE_LABELS[lecture.state]}
            </Badge>
          )}
          {lecture.duration === null ? null : <span>{formatDuration(lecture.duration)}</span>}
          <Watched lecture={lecture} />
          <Study lecture={lecture} />
        </div>
        {lecture.message ? <p className="text-sm text-muted-foreground">{lecture.message}</p> : null}
      </div>
      {moves ? (
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move "${title}" up`}
            disabled={!moves.canMoveUp || moves.pending}
            onClick={() => moves.onMove(-1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move "${title}" down`}
            disabled={!moves.canMoveDown || moves.pending}
            onClick={() => moves.onMove(1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove "${title}" from the course`}
            disabled={moves.pending}
            onClick={moves.onRemove}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
    </li>
  );
}
