import { parseTimestamp } from '@lectern/contracts';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { MomentLink } from '@/components/video/player/moment-link';
import { MOMENT_ELEMENT, remarkMoments } from '@/lib/remark-moments';

const components: Components = {
  // AI text comes from a video's captions, which anyone can write. A link there would send a viewer wherever its
  // author chose, and an image would make every viewer's browser fetch such an address: a link shows only its text,
  // an image only its description.
  a: ({ children }) => <>{children}</>,
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

function textOf(children: ReactNode): string {
  return Array.isArray(children)
    ? children.map(textOf).join('')
    : typeof children === 'string'
      ? children
      : '';
}

/** With the video's id, each cited moment plays the video there (on its page) or links to it. */
function withMoments(videoId: string): Components {
  const moment = ({ children }: { children?: ReactNode }) => {
    const written = textOf(children);
    const seconds = parseTimestamp(written.slice(1, -1));
    return seconds === null ? (
      <>{written}</>
    ) : (
      <MomentLink videoId={videoId} seconds={seconds}>
        {written}
      </MomentLink>
    );
  };
  return { ...components, [MOMENT_ELEMENT]: moment } as Components;
}

/**
 * AI results as Markdown; raw HTML in the text is shown as text, never rendered, links are not clickable and images
 * are not loaded. Given the video's id, the moments the text cites (`[m:ss]`, `(m:ss)`) seek its player.
 */
export function MarkdownView({ text, videoId }: { text: string; videoId?: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_hr]:my-4 [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5">
      {videoId === undefined ? (
        <Markdown components={components}>{text}</Markdown>
      ) : (
        <Markdown components={withMoments(videoId)} remarkPlugins={[remarkMoments]}>
          {text}
        </Markdown>
      )}
    </div>
  );
}
