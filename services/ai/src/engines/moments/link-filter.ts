import { TIMESTAMP_PATTERN } from '@lectern/contracts';
import type { TextFilter } from './text-filter';
import { REMOVED, judgedWords, type ReadCount, type WordJudge } from './text-units';

// A Markdown link's destination, by CommonMark's rules: `<…>` or a run without spaces (balanced parentheses
// allowed), then an optional title.
const DESTINATION = String.raw`(<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))*)`;
const TITLE = String.raw`(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?`;
const LINK_TEXT = String.raw`((?:[^[\]]|\[[^[\]]*\])*)`;
const INLINE_LINK = String.raw`!?\[${LINK_TEXT}\]\(\s*${DESTINATION}${TITLE}\s*\)`;
// Where a link's text was in an earlier word: `](…)` alone.
const LOOSE_DESTINATION = String.raw`\]\(\s*${DESTINATION}${TITLE}\s*\)`;
const AUTOLINK = String.raw`<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>`;
const BARE_URL = String.raw`(?<![\p{L}\p{N}@./:-])(?:https?:\/\/|www\.)[^\s<>()[\]{}"'\x60]*`;
const LINKS = new RegExp(`${INLINE_LINK}|${LOOSE_DESTINATION}|${AUTOLINK}|${BARE_URL}`, 'giu');
const REFERENCE_DEFINITION = new RegExp(String.raw`^[ \t]{0,3}\[[^\]]+\]:\s*${DESTINATION}`);
const MOMENTS_ONLY = new RegExp(
  String.raw`^[ \t]*${TIMESTAMP_PATTERN}(?:[ \t]*(?:[,;]|[-–—]|to)[ \t]*${TIMESTAMP_PATTERN})*[ \t]*$`,
);
const URL_TAIL_PUNCTUATION = /[.,;:!?*_]+$/;

/**
 * Judges the links of a word: a bare link or autolink (`<scheme:…>`, `<name@host>`) not accepted by `known` is
 * removed, a Markdown link or image keeps its text (itself judged again), a reference definition is removed.
 */
export function linkJudge(known: (url: string) => boolean, onDropped?: (url: string) => void): WordJudge {
  const judge = (word: string): string => {
    const definition = REFERENCE_DEFINITION.exec(word);
    // `[0:05]: Insight` is a moment and its words: a destination with no `/`, `.`, `:`, `@` or `&` leads nowhere.
    if (definition && /[/.:@<&]/.test(definition[1] ?? '')) {
      const url = destinationOf(definition[1] ?? '');
      if (!known(url)) {
        onDropped?.(url);
        return REMOVED + judge(word.slice(definition[0].length));
      }
    }
    return word.replace(
      LINKS,
      (whole: string, text?: string, inline?: string, loose?: string, auto?: string) => {
        if (inline !== undefined) {
          const url = destinationOf(inline);
          const inner = judge(text ?? '');
          if (known(url)) return whole.replace(`[${text ?? ''}]`, `[${inner}]`);
          onDropped?.(url);
          // A moment written as a link stays a moment (already judged as one).
          if (MOMENTS_ONLY.test(inner)) return `[${inner}]${REMOVED}`;
          return inner === '' ? REMOVED : inner;
        }
        if (loose !== undefined) {
          const url = destinationOf(loose);
          if (known(url)) return whole;
          onDropped?.(url);
          return `]${REMOVED}`;
        }
        if (auto !== undefined) {
          if (known(auto)) return whole;
          onDropped?.(auto);
          return REMOVED;
        }
        const url = whole.replace(URL_TAIL_PUNCTUATION, '');
        if (known(url)) return whole;
        onDropped?.(url);
        return REMOVED + whole.slice(url.length);
      },
    );
  };
  return judge;
}

/**
 * Removes the links of a model's text that `known` does not accept (those not in the transcript), as its words are
 * written; the text is the same streamed as whole.
 */
export function linkFilter(
  known: (url: string) => boolean,
  onText: (text: string) => void,
  onDropped?: (url: string) => void,
  read?: ReadCount,
): TextFilter {
  return judgedWords([linkJudge(known, onDropped)], onText, read);
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  sol: '/',
  period: '.',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  num: '#',
  quest: '?',
};

// A destination as a browser reads it: without its angle brackets, character references decoded.
function destinationOf(written: string): string {
  const bare = written.startsWith('<') && written.endsWith('>') ? written.slice(1, -1) : written;
  return bare
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal) % 0x110000))
    .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? entity)
    .trim();
}

interface KnownAddress {
  host: string;
  path: string;
}

const ADDRESS_IN_TEXT =
  /(?<![\p{L}\p{N}@.-])(?:https?:\/\/)?((?:[\p{L}\p{N}-]+\.)+\p{L}{2,})(\/[^\s"'<>()[\]{}`]*)?/giu;

function hostAndPath(url: string): KnownAddress | null {
  let rest = url.trim().toLowerCase();
  if (rest.startsWith('//')) rest = `https:${rest}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(rest);
  if (scheme) {
    if (scheme[1] !== 'http' && scheme[1] !== 'https') return null;
    rest = rest.slice(scheme[0].length).replace(/^\/\//, '');
  }
  const hostEnd = rest.search(/[/?#]/);
  const host = (hostEnd < 0 ? rest : rest.slice(0, hostEnd)).replace(/^www\./, '').replace(/:\d+$/, '');
  const path = (hostEnd < 0 ? '' : rest.slice(hostEnd)).replace(/[.,;:!?*_]+$/, '').replace(/\/+$/, '');
  if (!/^(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}$/u.test(host)) return null;
  return { host, path };
}

/**
 * Whether a link is one the transcript gives: the same host (`www.` aside) and the same path, or a path the
 * transcript's goes on from at a `/`. The transcript's addresses are gathered once, when a link first needs them.
 */
export function linksIn(transcript: () => string): (url: string) => boolean {
  let addresses: Map<string, string[]> | undefined;
  const gather = () => {
    const found = new Map<string, string[]>();
    for (const [written] of transcript().matchAll(ADDRESS_IN_TEXT)) {
      const address = hostAndPath(written);
      if (!address) continue;
      const paths = found.get(address.host);
      if (paths) paths.push(address.path);
      else found.set(address.host, [address.path]);
    }
    return found;
  };
  return (url) => {
    addresses ??= gather();
    const address = hostAndPath(url);
    if (!address) return false;
    return (addresses.get(address.host) ?? []).some(
      (path) => path === address.path || path.startsWith(`${address.path}/`),
    );
  };
}
