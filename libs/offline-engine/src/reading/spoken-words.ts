import type { TokenTable } from './nlp';

/**
 * The transcript's words as spoken: wink-nlp splits "we're" into two tokens and "light-dependent" into three,
 * but a sentence can only start where the caption has a space.
 */
export interface SpokenWords {
  count: number;
  firstToken: Int32Array;
  lastToken: Int32Array;
  /** Lower case as written, tokens joined: "here's", "light-dependent" (wink-nlp's normal form expands "'s"). */
  text: string[];
  /** Part of speech of the word's first and last tokens. */
  headPos: string[];
  tailPos: string[];
  headLemma: string[];
  hesitation: Uint8Array;
}

const HESITATION = /^(?:u+m+|u+h+|e+r+m*|h+m+|m+h*m+|a+h+)$/;

export function spokenWords(tokens: TokenTable): SpokenWords {
  const first: number[] = [];
  const last: number[] = [];
  for (let index = 0; index < tokens.count; index += 1) {
    const type = tokens.type[index];
    if (type === 'tabCRLF' || type === 'space') continue;
    const previous = last.length > 0 ? (last[last.length - 1] ?? 0) : -1;
    const joined =
      previous >= 0 &&
      (tokens.offset[index] ?? 0) <= (tokens.offset[previous] ?? 0) + (tokens.value[previous]?.length ?? 0);
    if (joined) last[last.length - 1] = index;
    else {
      first.push(index);
      last.push(index);
    }
  }
  const count = first.length;
  const text = new Array<string>(count);
  const headPos = new Array<string>(count);
  const tailPos = new Array<string>(count);
  const headLemma = new Array<string>(count);
  const hesitation = new Uint8Array(count);
  for (let word = 0; word < count; word += 1) {
    const a = first[word] ?? 0;
    const b = last[word] ?? 0;
    let joined = '';
    for (let index = a; index <= b; index += 1) joined += (tokens.value[index] ?? '').toLowerCase();
    text[word] = joined;
    headPos[word] = tokens.pos[a] ?? 'X';
    tailPos[word] = tokens.pos[b] ?? 'X';
    headLemma[word] = tokens.lemma[a] ?? '';
    hesitation[word] = HESITATION.test(joined) ? 1 : 0;
  }
  return {
    count,
    firstToken: Int32Array.from(first),
    lastToken: Int32Array.from(last),
    text,
    headPos,
    tailPos,
    headLemma,
    hesitation,
  };
}
