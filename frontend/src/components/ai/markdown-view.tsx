import Markdown, { type Components } from 'react-markdown';

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // AI text comes from a video's captions, which anyone can write: an image there would make every viewer's
  // browser fetch an address of the author's choosing. Its description is shown instead.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/** AI results as Markdown; raw HTML in the text is shown as text, never rendered, and images are not loaded. */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_hr]:my-4 [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
