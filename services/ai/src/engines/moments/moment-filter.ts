import type { TextFilter } from './text-filter';
import { REMOVED, cleared, judgedWords, type ReadCount, type WordJudge } from './text-units';

// Moments are cited alone or in groups, in square brackets, parentheses or their full-width forms: [1:23],
// (1:02:03), [ 1:23 ], 【1:23】, [1:23, 4:56], [1:23–1:45], [1:23 to 1:45].
// A moment may be written with full-width colons (`99：59`); it is judged as `99:59`.
const MOMENT = String.raw`\d+(?:[:：][0-5]\d){1,2}`;
const OPEN = '[[(（【［]';
const CLOSE = '[\\])）】］]';
const SEPARATOR = String.raw`(?:[ \t]*(?:[,;，；]|[-–—~])[ \t]*|[ \t]+(?:to|and)[ \t]+)`;
const GROUP = new RegExp(String.raw`${OPEN}[ \t]*(${MOMENT}(?:${SEPARATOR}${MOMENT})*)[ \t]*${CLOSE}`, 'g');
const GROUP_PARTS = new RegExp(String.raw`(${SEPARATOR})?(${MOMENT})`, 'g');

/**
 * Judges each cited moment in a word: `keep` gives the moment to show for one that was sent, or null for one that
 * was not. A dropped moment leaves its group; a group left empty is removed with its brackets. Judged again until
 * nothing more is dropped, so a removal can never put together a group nobody judged.
 */
export function momentJudge(
  keep: (moment: string) => string | null,
  onDropped?: (moment: string) => void,
): WordJudge {
  let droppedAny = false;
  const judgeGroup = (group: string, inside: string): string => {
    const parts = [...inside.matchAll(GROUP_PARTS)];
    const shown = parts.map(([, , moment]) => keep((moment ?? '').replace(/：/g, ':')));
    if (shown.every((moment, at) => moment === parts[at]?.[2])) return group;
    let kept = '';
    const seen = new Set<string>();
    shown.forEach((moment, at) => {
      if (moment === null) {
        droppedAny = true;
        onDropped?.(parts[at]?.[2] ?? '');
      } else if (!seen.has(moment)) kept += kept === '' ? moment : `${parts[at]?.[1] ?? ', '}${moment}`;
      if (moment !== null) seen.add(moment);
    });
    if (kept === '') return REMOVED;
    return `${group.charAt(0)}${kept}${group.charAt(group.length - 1)}`;
  };
  return (word) => {
    let out = word;
    for (let round = 0; round < 16; round += 1) {
      droppedAny = false;
      const next = out.replace(GROUP, judgeGroup);
      if (!droppedAny) return next;
      out = cleared(next);
    }
    return out;
  };
}

/**
 * Judges each cited moment of a model's text as its words are written: a made-up moment never reaches the reader,
 * not even in part, and the text is the same streamed as whole.
 */
export function momentFilter(
  keep: (moment: string) => string | null,
  onText: (text: string) => void,
  onDropped?: (moment: string) => void,
  read?: ReadCount,
): TextFilter {
  return judgedWords([momentJudge(keep, onDropped)], onText, read);
}
