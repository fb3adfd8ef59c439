/** Where a pattern occurs in a text: not at all, once (at `first`), or in several places (overlapping ones too). */
export type Occurrences = { count: 0 } | { count: 1; first: number } | { count: 2; first: number };

const ROOT = 0;

/**
 * Finds, in one pass over `text`, where each of `patterns` (non-empty) occurs: the Aho-Corasick automaton of the
 * patterns, with each pattern left out of the output chains once it is known to occur twice, so that the work
 * is the text's length plus the patterns' lengths whatever the text holds (a run of one letter and patterns of
 * that letter included), instead of one search of the whole text per pattern.
 */
export function findOccurrences(patterns: readonly string[], text: string): Occurrences[] {
  // Each node's children by UTF-16 code unit.
  const next: Array<Map<number, number>> = [new Map<number, number>()];
  const step = (node: number, code: number) => next[node]!.get(code);
  const depth: number[] = [0];
  // The pattern ending at each node (-1: none); equal patterns share a node.
  const output: number[] = [-1];
  const ends: number[] = [];
  patterns.forEach((pattern, index) => {
    let node = ROOT;
    for (let i = 0; i < pattern.length; i += 1) {
      const code = pattern.charCodeAt(i);
      let child = step(node, code);
      if (child === undefined) {
        child = depth.length;
        depth.push(depth[node]! + 1);
        output.push(-1);
        next.push(new Map<number, number>());
        next[node]!.set(code, child);
      }
      node = child;
    }
    if (output[node] === -1) output[node] = index;
    ends[index] = node;
  });

  // Failure links (the longest proper suffix that is in the trie) and output links (the nearest one that ends a
  // pattern), breadth first.
  const nodes = depth.length;
  const failure = new Int32Array(nodes);
  const outputLink = new Int32Array(nodes).fill(-1);
  const queue: number[] = [ROOT];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head]!;
    for (const [code, child] of next[node]!) {
      let fallback = failure[node]!;
      let target = node === ROOT ? ROOT : -1;
      while (target === -1) {
        const via = step(fallback, code);
        if (via !== undefined && via !== child) target = via;
        else if (fallback === ROOT) target = ROOT;
        else fallback = failure[fallback]!;
      }
      failure[child] = target;
      outputLink[child] = output[target]! >= 0 ? target : outputLink[target]!;
      queue.push(child);
    }
  }

  const found = patterns.map(() => ({ count: 0, first: -1 }));
  // A node whose pattern occurs twice is known: skipped, and the links through it shortened as they are walked.
  const known = new Uint8Array(nodes);
  const firstUnknown = (start: number): number => {
    let node = start;
    while (node > ROOT && known[node]) node = outputLink[node]!;
    for (let walk = start; walk > ROOT && known[walk] && walk !== node;) {
      const after = outputLink[walk]!;
      outputLink[walk] = node;
      walk = after;
    }
    return node;
  };

  let state = ROOT;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    let child = step(state, code);
    while (child === undefined && state !== ROOT) {
      state = failure[state]!;
      child = step(state, code);
    }
    state = child ?? ROOT;
    for (
      let node = firstUnknown(output[state]! >= 0 ? state : outputLink[state]!);
      node > ROOT;
      node = firstUnknown(outputLink[node]!)
    ) {
      const match = found[output[node]!]!;
      match.count += 1;
      if (match.count === 1) match.first = i + 1 - depth[node]!;
      else known[node] = 1;
    }
  }
  return patterns.map((_, index) => {
    const { count, first } = found[output[ends[index]!]!]!;
    if (count === 0) return { count: 0 };
    return { count: count === 1 ? 1 : 2, first };
  });
}
