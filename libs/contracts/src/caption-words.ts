// No spoken word is this long. Anyone can write a video's captions, and a caption "word" of thousands of letters
// costs time that grows with the square of its length in a stemmer or a tagger: longer ones are cut into pieces.
export const LONGEST_CAPTION_WORD = 80;
// A link in a caption stays whole up to this length (about what browsers and servers take), so it reads and
// matches as written; past it, it is cut like any other word.
export const LONGEST_CAPTION_LINK = 2_000;

const LINK_START = /^(?:https?:\/\/|www\.)/i;

/**
 * A word cut into consecutive pieces of at most `longest` UTF-16 units, never between the two halves of a
 * character outside the Basic Multilingual Plane.
 */
export function piecesOfWord(word: string, longest = LONGEST_CAPTION_WORD): string[] {
  if (word.length <= longest) return [word];
  const pieces: string[] = [];
  let at = 0;
  while (at < word.length) {
    let end = Math.min(word.length, at + longest);
    const last = word.charCodeAt(end - 1);
    // A high surrogate at the end of a piece goes with its low half into the next one.
    if (end < word.length && end - at > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(word.slice(at, end));
    at = end;
  }
  return pieces;
}

/**
 * Caption text with every run of non-space characters longer than LONGEST_CAPTION_WORD (a link: longer than
 * LONGEST_CAPTION_LINK) cut into pieces separated by a space; the rest of the text is unchanged.
 */
export function withLongWordsCut(text: string): string {
  if (text.length <= LONGEST_CAPTION_WORD) return text;
  return text.replace(/\S+/g, (word) => {
    if (word.length <= LONGEST_CAPTION_WORD) return word;
    const longest = LINK_START.test(word) ? LONGEST_CAPTION_LINK : LONGEST_CAPTION_WORD;
    return piecesOfWord(word, longest).join(' ');
  });
}
