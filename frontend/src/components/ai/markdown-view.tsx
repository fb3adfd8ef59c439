import Markdown, { type Components } from 'react-markdown';

const components: Components = {
  // AI text comes from a video's captions, which anyone can write. A link there would send a viewer wherever its
  // author chose, and an image would make every viewer's browser fetch such an address: a link shows only its text,
  // an image only its description.
  a: ({ children }) => <>{children}</>,
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/**
 * AI results as Markdown; raw HTML in the text is shown as text, never rendered, links are not clickable and images
 * are not loaded.
 */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_hr]:my-4 [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
