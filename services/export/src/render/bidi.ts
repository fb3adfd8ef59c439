import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Embedding levels per UTF-16 unit of text, for a paragraph with the given base direction. */
export function embeddingLevels(text: string, rtl: boolean): Uint8Array {
  return bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr').levels;
}

/** The mirrored form of a bracket or similar character in right-to-left text. */
export function mirrored(char: string): string {
  return bidi.getMirroredCharacter(char) ?? char;
}

/**
 * Visual order of a line's runs (rule L2 of the Unicode bidi algorithm at run granularity): from the
 * highest level down to the lowest odd one, every maximal sequence of runs at that level or above is
 * reversed. Glyphs inside a right-to-left run are put in visual order by the shaper.
 */
export function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const order = [...runs];
  if (order.length < 2) return order;
  const levels = order.map((run) => run.level);
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    let index = 0;
    while (index < order.length) {
      if ((order[index]?.level ?? 0) >= level) {
        let end = index;
        while (end + 1 < order.length && (order[end + 1]?.level ?? 0) >= level) end++;
        const reversed = order.slice(index, end + 1).reverse();
        order.splice(index, reversed.length, ...reversed);
        index = end + 1;
      } else {
        index++;
      }
    }
  }
  return order;
}
