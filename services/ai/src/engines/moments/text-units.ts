import type { TextFilter } from './text-filter';

/** Put where a judge removed something; cleared, with what it leaves behind, before the text goes out. */
export const REMOVED = '\uE000';

/** Judges one word of a model's text (outside code), marking what it removes with REMOVED. */
export type WordJudge = (word: string) => string;

/** Counts the characters read, to show the work stays in proportion to the text. */
export interface ReadCount {
  characters: number;
}

const OPENERS = '[(<（【［`';
const CLOSERS = '])>）】］';
// A bracket left open holds its word back at most this long; then the word goes out, its brackets made inert.
export const HELD_WORD_LIMIT = 2000;
const LINKISH = ':/@&<>[]()`\\';
const SENTENCE_END = '.?';
const REFERENCE_LABEL = /^\s*\[[^\]]*\]:$/;
const FENCE = /^(`{3,}|~{3,})/;
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*$/;
const CODE_SPAN = /(`+)[^`]*?\1/g;

/**
 * Splits a model's text, as it is written, into words: the spaces before a word and the word, where brackets (and
 * inline code) hold the spaces inside them. Where it cuts depends only on the text, never on how it was split, so
 * a text judged word by word gives the same result streamed and whole.
 */
function wordSplitter(onWord: (word: string, cutShort: boolean) => void, read?: ReadCount): TextFilter {
  let pending = '';
  let scanned = 0;
  let depth = 0;
  let inCode = false;
  let hasToken = false;
  // Whether the word so far could be part of a link, a reference or code.
  let linkish = false;
  const cut = (at: number, cutShort: boolean, start: number) => {
    onWord(pending.slice(start, at), cutShort);
    depth = 0;
    inCode = false;
    hasToken = false;
    linkish = false;
    return at;
  };

  const drain = (finished: boolean) => {
    let start = 0;
    for (; scanned < pending.length; scanned += 1) {
      if (read) read.characters += 1;
      const c = pending.charAt(scanned);
      const space = c === ' ' || c === '\t' || c === '\n' || c === '\r';
      if (space && hasToken) {
        const free = depth === 0 && !inCode;
        if ((free || c === '\n') && !(c !== '\n' && REFERENCE_LABEL.test(pending.slice(start, scanned))))
          start = cut(scanned, !free && depth > 0, start);
      } else if (scanned - start >= HELD_WORD_LIMIT) start = cut(scanned, depth > 0 || inCode, start);
      if (!space) hasToken = true;
      if (c === '`') inCode = !inCode;
      else if (!inCode && OPENERS.includes(c)) depth += 1;
      else if (!inCode && CLOSERS.includes(c)) depth = Math.max(0, depth - 1);
      if (
        LINKISH.includes(c) ||
        (c === '.' && /www$/i.test(pending.slice(Math.max(start, scanned - 3), scanned)))
      )
        linkish = true;
      // A plain word ends a sentence here: nothing written after it can change it, so it goes out at once.
      else if (SENTENCE_END.includes(c) && depth === 0 && !inCode && !linkish)
        start = cut(scanned + 1, false, start);
    }
    pending = pending.slice(start);
    scanned -= start;
    if (finished && pending !== '') {
      onWord(pending, false);
      pending = '';
      scanned = 0;
    }
  };
  return {
    write: (piece) => {
      pending += piece;
      drain(false);
    },
    end: () => drain(true),
  };
}

// Brackets a judge emptied go with what they held; separators left at a group's edge go too.
const EMPTIED_BRACKETS = /[[(（【［][ \t]*(?:\uE000[ \t,;]*)*\uE000[ \t]*[\])）】］]/g;
const SEPARATOR_BEFORE_CLOSE = /[ \t]*[,;][ \t]*\uE000(?=[ \t]*[\])）】］])/g;
const SEPARATOR_AFTER_OPEN = /([[(（【［])[ \t]*\uE000[ \t]*[,;][ \t]*/g;
const BETWEEN_SEPARATORS = /([,;])[ \t]*\uE000[ \t]*[,;]/g;
const SPACE_BEFORE_END = /[ \t]+\uE000(?=[\])）】］.,;:!?]|$)/g;
const JOINING = /[\p{L}\p{N}/(]/u;

/** Clears the marks judges left: two words a removal would join keep a space between them. */
export function cleared(text: string): string {
  let out = text;
  for (let round = 0; round < 8 && out.includes(REMOVED); round += 1) {
    const before = out;
    out = out
      .replace(EMPTIED_BRACKETS, REMOVED)
      .replace(SEPARATOR_BEFORE_CLOSE, '')
      .replace(SEPARATOR_AFTER_OPEN, '$1')
      .replace(BETWEEN_SEPARATORS, '$1')
      .replace(SPACE_BEFORE_END, REMOVED);
    if (out === before) break;
  }
  let result = '';
  let from = 0;
  for (let at = out.indexOf(REMOVED); at >= 0; at = out.indexOf(REMOVED, at + 1)) {
    result += out.slice(from, at);
    from = at + 1;
    let next = at + 1;
    while (out.charAt(next) === REMOVED) next += 1;
    const previous = result.slice(-1);
    const following = out.charAt(next);
    if (previous !== '' && following !== '' && /\S/.test(previous) && JOINING.test(following)) result += ' ';
  }
  return result + out.slice(from);
}

/**
 * A filter over a model's text that judges each word outside code with the given judges in turn, and tidies what
 * removals leave: a word left empty goes with the spaces before it, punctuation left behind joins the word before,
 * and a list marker stays intact. Inside code (fenced blocks and inline code) only `codeJudges` run, so code
 * such as `data[0:15]` is shown as written while a link put in a code block is still judged.
 */
export function judgedWords(
  judges: readonly WordJudge[],
  onText: (text: string) => void,
  read?: ReadCount,
  codeJudges: readonly WordJudge[] = [],
): TextFilter {
  let fence: string | null = null;
  // The current line as shown, while it is short enough to be only a list marker.
  let line = '';
  let lineLong = false;
  let skipSpace = false;
  // What one piece of the model's text let out goes on as one piece.
  let batch = '';
  const flush = () => {
    if (batch === '') return;
    const text = batch;
    batch = '';
    onText(text);
  };

  const show = (text: string) => {
    if (text === '') return;
    const lastBreak = text.lastIndexOf('\n');
    if (lastBreak >= 0) {
      line = text.slice(lastBreak + 1);
      lineLong = false;
    } else if (!lineLong) line += text;
    if (line.length > 40) {
      line = '';
      lineLong = true;
    }
    batch += text;
  };

  const onWord = (word: string, cutShort: boolean) => {
    const token = word.trimStart();
    let leading = word.slice(0, word.length - token.length);
    const atLineStart = leading.includes('\n') || (line === '' && !lineLong);
    if (leading.includes('\n')) skipSpace = false;
    if (skipSpace) {
      leading = leading.replace(/[ \t]+$/, '');
      skipSpace = false;
    }
    const opensFence = atLineStart ? FENCE.exec(token)?.[1] : undefined;
    if (fence !== null) {
      if (opensFence && opensFence.charAt(0) === fence.charAt(0) && opensFence.length >= fence.length)
        fence = null;
      show(leading + judgeAll(token, codeJudges));
      return;
    }
    if (opensFence) {
      fence = opensFence;
      show(leading + token);
      return;
    }
    let judged = judgeOutsideCode(token, judges, codeJudges);
    // Cut before its brackets closed, the word's `[` and `<` are shown as text: nothing after it can make a link.
    if (cutShort)
      judged = judged.replace(/(\\*)([[<])/g, (_, slashes: string, bracket: string) =>
        slashes.length % 2 === 0 ? `${slashes}\\${bracket}` : slashes + bracket,
      );
    if (!word.includes(REMOVED) && judged === token) {
      show(leading + token);
      return;
    }
    // The line before the word, as shown (anything long is not a bare list marker).
    const lineBefore = leading.includes('\n')
      ? leading.slice(leading.lastIndexOf('\n') + 1)
      : lineLong
        ? 'x'
        : line;
    const newlines = leading.replace(/[^\n]/g, '');
    // What a removal left at the start of an item (`- [99:59]: Insight`) is not part of its text.
    if (LIST_MARKER.test(lineBefore)) judged = judged.replace(/^[,;:]+[ \t]*/, '');
    if (judged === '') {
      // Nothing of the word is left: its spaces go with it, and a line it started does not start with a space.
      show(newlines === '' ? '' : leading.slice(0, leading.lastIndexOf('\n') + 1));
      if (LIST_MARKER.test(lineBefore) && lineBefore.trim() === '') skipSpace = true;
      return;
    }
    if (/^[.,;:!?)\]）】］]/.test(judged) && !/^\s*$/.test(lineBefore + leading.replace(/\n/g, '')))
      show(leading.replace(/[ \t]+$/, '') + judged);
    else show(leading + judged);
  };

  const words = wordSplitter(onWord, read);
  return {
    write: (piece) => {
      words.write(piece);
      flush();
    },
    end: () => {
      words.end();
      flush();
    },
  };
}

// Code is shown as written; the rest of the word is judged, each judge on what the one before left.
function judgeOutsideCode(
  token: string,
  judges: readonly WordJudge[],
  codeJudges: readonly WordJudge[],
): string {
  if (!token.includes('`')) return judgeAll(token, judges);
  let out = '';
  let from = 0;
  for (const span of token.matchAll(CODE_SPAN)) {
    out += judgeAll(token.slice(from, span.index), judges) + codeSpan(span[0], codeJudges);
    from = (span.index ?? 0) + span[0].length;
  }
  return out + judgeAll(token.slice(from), judges);
}

// The links inside an inline code span are judged word by word; its backticks stay.
function codeSpan(span: string, codeJudges: readonly WordJudge[]): string {
  if (codeJudges.length === 0) return span;
  const ticks = /^`+/.exec(span)?.[0] ?? '`';
  const inner = span.slice(ticks.length, span.length - ticks.length);
  const judged = inner
    .split(/(\s+)/)
    .map((part) => (/^\s*$/.test(part) ? part : judgeAll(part, codeJudges)))
    .join('');
  return ticks + judged + ticks;
}

function judgeAll(text: string, judges: readonly WordJudge[]): string {
  let out = text;
  for (const judge of judges) out = cleared(judge(out));
  return out;
}
