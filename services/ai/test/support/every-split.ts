/**
 * The ways a model's stream could deliver a text: whole, one character at a time, and cut in two at every
 * position. A streaming filter must write the same text whichever arrives.
 */
export function everySplit(text: string): string[][] {
  const splits: string[][] = [[text], [...text]];
  for (let at = 1; at < text.length; at += 1) splits.push([text.slice(0, at), text.slice(at)]);
  return splits;
}
