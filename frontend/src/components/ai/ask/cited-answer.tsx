import { MomentText } from '@/components/video/player/moment-link';

/** An answer's text with each cited `[m:ss]` moment as a link that plays the video there. */
export function CitedAnswer({ videoId, text }: { videoId: string; text: string }) {
  return (
    <p className="text-sm leading-relaxed whitespace-pre-line">
      <MomentText videoId={videoId} text={text} />
    </p>
  );
}
