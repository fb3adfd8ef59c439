// How extracted transcript text is shown: captions without punctuation get a capital and a full stop, and
// hesitation sounds are dropped. Their sentence ends are Lectern's reading of the speech, not the speaker's
// punctuation: where that reading ends on a word no sentence ends with ("… hundreds of", "… and the"), the speaker
// went on, so the piece ends with an ellipsis, never a full stop.

const HESITATIONS = /\b(?:um+|uh+|erm+|hmm+)\b[,]?\s*/gi;

// Articles, possessives, subject pronouns, conjunctions and "of": English sentences do not end on them.
const NEVER_LAST = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'his',
  'its',
  'our',
  'their',
  'i',
  'he',
  'she',
  'we',
  'they',
  'and',
  'or',
  'but',
  'because',
  'if',
  'although',
  'whereas',
  'than',
  'of',
  'which',
  'whose',
]);

/** Unpunctuated text that stops on a word no sentence ends with: the speaker went on. */
export function endsMidClause(raw: string): boolean {
  const words = raw
    .replace(HESITATIONS, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return NEVER_LAST.has(words[words.length - 1] ?? '');
}

export function displaySentence(raw: string, punctuated: boolean): string {
  let text = raw.replace(/\s+/g, ' ').trim();
  if (!punctuated) {
    text = text
      .replace(HESITATIONS, '')
      .replace(/\bi\b/g, 'I')
      .replace(/\bi'(m|ve|ll|d)\b/g, "I'$1")
      .trim();
  }
  text = capitalise(text.replace(/^[,;:\-–—]+\s*/, ''));
  if (text === '' || /[.!?…]["')\]]*$/.test(text)) return text;
  const end = !punctuated && endsMidClause(text) ? '…' : '.';
  return `${text.replace(/[,;:\-–—]+$/, '')}${end}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

export function hashtag(phrase: string): string {
  const words = phrase.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return words.length === 0
    ? ''
    : `#${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
}

/** Shortens text to `max` characters at a word boundary, marking the cut with an ellipsis. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

export function joinNatural(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
