import { withoutCitations } from './citations';
import { readTokens, runsOn, type JudgedToken } from './judge-nlp';

export interface BlogHeadingFigures {
  /** `## ` headings, "Key takeaways" aside. */
  headings: number;
  /** Headings that are only part of a longer phrase of the transcript, or that it never says. */
  fragments: string[];
}

/** The blog post's section headings, without the closing "Key takeaways" and without Markdown emphasis. */
export function parseHeadings(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => /^##\s+(.+)$/.exec(line.trim())?.[1])
    .filter((heading): heading is string => heading !== undefined)
    .map((heading) => withoutCitations(heading.replace(/[*_`]/g, '')))
    .filter((heading) => !/^key takeaways$/i.test(heading));
}

const isWord = (token: JudgedToken) => /[\p{L}\p{N}]/u.test(token.text);

/** The transcript read once, so that every heading is looked up in the same reading. */
export class TranscriptReading {
  readonly tokens: JudgedToken[];
  private readonly sentenceEnds: ReadonlySet<number>;

  /** `sentenceEnds`: where an unpunctuated transcript's sentences are known to end (character offsets). */
  constructor(
    readonly text: string,
    sentenceEnds: readonly number[] = [],
  ) {
    this.tokens = readTokens(text);
    this.sentenceEnds = new Set(sentenceEnds);
  }

  /** Where the heading's words occur in a row (by word or by lemma: "Electrons" matches "electron"). */
  occurrences(heading: string): Array<[number, number]> {
    const words = readTokens(heading).filter(isWord);
    if (words.length === 0) return [];
    const found: Array<[number, number]> = [];
    for (let start = 0; start + words.length <= this.tokens.length; start += 1) {
      const matches = words.every((word, offset) => {
        const token = this.tokens[start + offset];
        return token !== undefined && (token.normal === word.normal || token.lemma === word.lemma);
      });
      if (matches) found.push([start, start + words.length - 1]);
    }
    return found;
  }

  /** A fragment: never said, or in most of its occurrences part of a longer phrase. */
  isFragmentHeading(heading: string): boolean {
    const found = this.occurrences(heading);
    if (found.length === 0) return true;
    return (
      found.filter((occurrence) =>
        runsOn(this.text, this.tokens, occurrence, { adjectives: 'any', sentenceEnds: this.sentenceEnds }),
      ).length *
        2 >
      found.length
    );
  }
}

export function judgeBlogHeadings(markdown: string, transcript: TranscriptReading): BlogHeadingFigures {
  const headings = parseHeadings(markdown);
  return {
    headings: headings.length,
    fragments: headings.filter((heading) => transcript.isFragmentHeading(heading)),
  };
}
