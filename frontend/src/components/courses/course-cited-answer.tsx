import type { AnswerCitation, CourseLecture } from '@lectern/contracts';
import { Fragment } from 'react';
import { MomentLink } from '@/components/video/player/moment-link';
import { splitLectureMoments } from '@/lib/course-citations';

/** A course's answer with each cited `Lecture 3, 12:34` as a link opening that lecture at that moment. */
export function CourseCitedAnswer({
  lectures,
  text,
  citations,
}: {
  lectures: readonly CourseLecture[];
  text: string;
  citations: readonly AnswerCitation[];
}) {
  return (
    <p className="text-sm leading-relaxed whitespace-pre-line">
      {splitLectureMoments(text, lectures, citations).map((piece, index) =>
        piece.citation === null ? (
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          <MomentLink
            key={index}
            videoId={piece.citation.videoId}
            seconds={piece.citation.seconds}
            label={piece.text}
          >
            {piece.text}
          </MomentLink>
        ),
      )}
    </p>
  );
}
