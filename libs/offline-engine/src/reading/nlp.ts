import winkNLP, { type ItemSentence, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let instance: WinkMethods | null = null;

// Loading the model takes ~150 ms, so it happens once per process, on first use.
function nlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'pos']);
  return instance;
}

/** wink-nlp's analysis of a text, flattened into parallel arrays (one entry per token). */
export interface TokenTable {
  count: number;
  value: string[];
  /** Lower-cased form. */
  normal: string[];
  lemma: string[];
  pos: string[];
  stop: boolean[];
  /** word, number, punctuation, symbol, emoji, ... */
  type: string[];
  /** Character offset of each token in the analysed text. */
  offset: number[];
  /** Inclusive token ranges of the sentences wink-nlp found. */
  sentenceSpans: Array<[number, number]>;
}

export function tokenize(text: string): TokenTable {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const tokens = doc.tokens();
  // wink-nlp's `its` helpers are plain functions read by `out`, never called with `this`.
  /* eslint-disable @typescript-eslint/unbound-method */
  const value = tokens.out<string>(its.value);
  const normal = tokens.out<string>(its.normal);
  const pos = tokens.out<string>(its.pos);
  const stop = tokens.out<boolean>(its.stopWordFlag) as unknown as boolean[];
  const type = tokens.out<string>(its.type);
  const lemma = tokens.out<string>(its.lemma as unknown as ItsFunction<string>);
  const sentenceSpans: Array<[number, number]> = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const span = sentence.out(its.span) as unknown as [number, number];
    sentenceSpans.push([span[0], span[1]]);
  });
  /* eslint-enable @typescript-eslint/unbound-method */
  return {
    count: value.length,
    value,
    normal,
    lemma,
    pos,
    stop,
    type,
    offset: locate(text, value),
    sentenceSpans,
  };
}

// wink-nlp keeps each token's text, so its position is found by scanning forward from the previous token.
function locate(text: string, values: readonly string[]): number[] {
  const offsets = new Array<number>(values.length);
  let cursor = 0;
  for (let index = 0; index < values.length; index += 1) {
    const token = values[index] ?? '';
    const found = text.indexOf(token, cursor);
    const at = found >= 0 && found - cursor < 64 ? found : cursor;
    offsets[index] = at;
    cursor = at + (found >= 0 && found - cursor < 64 ? token.length : 0);
  }
  return offsets;
}
