import type { TokenTable } from '../reading/nlp';

// What captions write besides the words said: sound annotations in brackets ("[LAUGHING]", "[INAUDIBLE]") and
// speaker labels ("DAVID J. MALAN:", "AUDIENCE:"). Neither is a term of the lecture, and a name used as a label is
// a person in the room, not a concept.

/** 1 for each token inside square brackets. */
export function bracketedTokens(tokens: TokenTable): Uint8Array {
  const inside = new Uint8Array(tokens.count);
  let open = false;
  for (let token = 0; token < tokens.count; token += 1) {
    const value = tokens.value[token] ?? '';
    if (value.includes('[')) open = true;
    if (open) inside[token] = 1;
    if (value.includes(']')) open = false;
  }
  return inside;
}

/** The words first..last are written in capitals and followed by a colon: a speaker label. */
export function isSpeakerLabel(tokens: TokenTable, first: number, last: number): boolean {
  if (tokens.value[last + 1] !== ':') return false;
  for (let token = first; token <= last; token += 1) {
    const value = tokens.value[token] ?? '';
    if (!/\p{L}/u.test(value) || value !== value.toUpperCase()) return false;
  }
  return true;
}

/** The names the captions label speakers with, lower case, whole ("alan estrada") and word by word. */
export function speakerNames(tokens: TokenTable): Set<string> {
  const names = new Set<string>();
  for (let colon = 1; colon < tokens.count; colon += 1) {
    if (tokens.value[colon] !== ':') continue;
    let first = colon;
    while (first > 0 && isCapitalWord(tokens.value[first - 1] ?? '')) first -= 1;
    if (first === colon) continue;
    const words = tokens.value.slice(first, colon).map((word) => word.toLowerCase().replace(/\.$/, ''));
    names.add(words.join(' '));
    for (const word of words) if (word.length > 2) names.add(word);
  }
  return names;
}

function isCapitalWord(value: string): boolean {
  return /^\p{Lu}[\p{Lu}.'-]*$/u.test(value);
}
