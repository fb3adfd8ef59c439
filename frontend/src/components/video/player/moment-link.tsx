import { formatTimestamp } from '@lectern/contracts';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePlayerControls } from '@/components/video/player/player-context';
import { momentPath, splitMoments } from '@/lib/moments';
import { cn } from '@/lib/utils';

const MOMENT_CLASS =
  'rounded font-mono text-xs text-primary tabular-nums underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export interface MomentLinkProps {
  videoId: string;
  seconds: number;
  children?: ReactNode;
  className?: string;
  /** The accessible name; `Play from m:ss` by default (`Show m:ss in the transcript` without a player). */
  label?: string;
  /** Also show the moment in the transcript (default true). */
  reveal?: boolean;
}

/**
 * A moment of a video: on its page a click plays the player from there (no reload); elsewhere it opens the
 * page there. Either way it is a real link (`/video/:id?t=754`) to share, bookmark or open in a new tab.
 */
export function MomentLink({ videoId, seconds, children, className, label, reveal = true }: MomentLinkProps) {
  const { onPage, playable, seekTo } = usePlayerControls();
  const text = children ?? formatTimestamp(seconds);
  const name =
    label ??
    (playable
      ? `Play from ${formatTimestamp(seconds)}`
      : `Show ${formatTimestamp(seconds)} in the transcript`);
  const onClick = (event: MouseEvent) => {
    if (!onPage || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    seekTo(seconds, { play: true, reveal });
  };
  return (
    <Link
      to={momentPath(videoId, seconds)}
      onClick={onClick}
      aria-label={name}
      className={cn(MOMENT_CLASS, className)}
      data-moment={seconds}
    >
      {text}
    </Link>
  );
}

/** Text with each written moment (`[m:ss]`, or whatever `pattern` finds) as a `MomentLink`. */
export function MomentText({ videoId, text, pattern }: { videoId: string; text: string; pattern?: RegExp }) {
  return (
    <>
      {splitMoments(text, pattern).map((piece, index) =>
        piece.seconds === null ? (
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          <MomentLink key={index} videoId={videoId} seconds={piece.seconds}>
            {piece.text}
          </MomentLink>
        ),
      )}
    </>
  );
}
