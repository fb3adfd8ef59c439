// The AI engines write Markdown. Exports render the part of it they produce: headings, bullet and numbered
// lists, paragraphs, and bold or italic spans. Anything else passes through as text.

export interface InlineSpan {
  text: string;
  bold: boolean;
  italic: boolean;
  /** Where the span links to (a quiz answer's moment in the video); AI text itself links nothing. */
  link?: string;
}

export type MarkdownBlock =
  | { kind: 'heading'; level: number; spans: InlineSpan[] }
  | { kind: 'paragraph'; spans: InlineSpan[] }
  | { kind: 'bullet'; depth: number; spans: InlineSpan[] }
  | { kind: 'numbered'; depth: number; number: number; spans: InlineSpan[] }
  /** A paragraph whose lines stay apart (a flashcard: its question, then its answer). */
  | { kind: 'lines'; lines: InlineSpan[][] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^(\s*)[-*+•]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,4})[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

/** Splits inline Markdown into spans; markers without a partner stay as typed. */
function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const pattern = /(\*\*|__)(?=\S)([\s\S]*?\S)\1|(\*|_)(?=\S)([\s\S]*?\S)\3|`([^`]+)`/g;
  let last = 0;
  const push = (value: string, bold: boolean, italic: boolean): void => {
    if (value === '') return;
    const prev = spans[spans.length - 1];
    if (prev && prev.bold === bold && prev.italic === italic) prev.text += value;
    else spans.push({ text: value, bold, italic });
  };
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    // Underscores inside words (snake_case) are not emphasis.
    if (match[3] === '_' && index > 0 && /\w/.test(text[index - 1] ?? '')) continue;
    push(text.slice(last, index), false, false);
    if (match[2] !== undefined) {
      for (const inner of parseInline(match[2])) push(inner.text, true, inner.italic);
    } else if (match[4] !== undefined) {
      for (const inner of parseInline(match[4])) push(inner.text, inner.bold, true);
    } else {
      push(match[5] ?? '', false, false);
    }
    last = index + match[0].length;
  }
  push(text.slice(last), false, false);
  return spans;
}

/** The plain text of spans, for TXT and for measuring. */
export function spansText(spans: InlineSpan[]): string {
  return spans.map((span) => span.text).join('');
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || RULE.test(line)) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, spans: parseInline(heading[2] ?? '') });
    } else if (bullet) {
      flush();
      const depth = Math.min(3, Math.floor((bullet[1]?.length ?? 0) / 2));
      blocks.push({ kind: 'bullet', depth, spans: parseInline(bullet[2] ?? '') });
    } else if (numbered) {
      flush();
      const depth = Math.min(3, Math.floor((numbered[1]?.length ?? 0) / 2));
      blocks.push({
        kind: 'numbered',
        depth,
        number: Number(numbered[2]),
        spans: parseInline(numbered[3] ?? ''),
      });
    } else {
      paragraph.push(line.trim().replace(/^>\s?/, ''));
    }
  }
  flush();
  return blocks;
}
