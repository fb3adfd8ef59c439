import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

// The yardstick's own reading of English, independent of the engine's: wink-nlp's part-of-speech tags and lemmas.

let instance: WinkMethods | null = null;

function nlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'pos']);
  return instance;
}

export interface JudgedToken {
  text: string;
  /** Lower-cased. */
  normal: string;
  lemma: string;
  /** Universal part of speech: NOUN, PROPN, ADJ, VERB, AUX, PRON, DET, PUNCT, ... */
  pos: string;
  /** On wink-nlp's list of stop words ("the", "just", "then"). */
  stop: boolean;
  /** Character offsets in the text read. */
  start: number;
  end: number;
}

/**
 * The text's tokens; a hyphenated word ("light-dependent", "five-carbon") is one token, with the part of speech
 * of its last part.
 */
export function readTokens(text: string): JudgedToken[] {
  const { its } = nlp();
  const tokens = nlp().readDoc(text).tokens();
  // wink-nlp's `its` helpers are plain functions read by `out`, never called with `this`.
  /* eslint-disable @typescript-eslint/unbound-method */
  const values = tokens.out(its.value);
  const normals = tokens.out(its.normal);
  // wink-nlp's typings do not list lemma among the string-valued `its` helpers, though it is one.
  const lemmas = tokens.out<string>(its.lemma as unknown as ItsFunction<string>);
  const tags = tokens.out(its.pos);
  const stops = tokens.out(its.stopWordFlag);
  /* eslint-enable @typescript-eslint/unbound-method */
  const read: JudgedToken[] = [];
  let cursor = 0;
  values.forEach((value, index) => {
    const found = text.indexOf(value, cursor);
    const start = found < 0 ? cursor : found;
    cursor = start + value.length;
    const token: JudgedToken = {
      text: value,
      normal: normals[index] ?? value.toLowerCase(),
      lemma: (lemmas[index] ?? value).toLowerCase(),
      pos: tags[index] ?? 'X',
      stop: Boolean(stops[index]),
      start,
      end: cursor,
    };
    const hyphen = read[read.length - 1];
    const word = read[read.length - 2];
    if (
      hyphen?.text === '-' &&
      word &&
      hyphen.start === word.end &&
      start === hyphen.end &&
      word.pos !== 'PUNCT'
    ) {
      read.splice(read.length - 2, 2, {
        ...token,
        text: text.slice(word.start, cursor),
        normal: `${word.normal}-${token.normal}`,
        lemma: `${word.normal}-${token.lemma}`,
        start: word.start,
      });
    } else read.push(token);
  });
  return read;
}

/** Nothing but spaces between two tokens: no punctuation, no line break that ends a phrase. */
export function adjacent(text: string, left: JudgedToken, right: JudgedToken): boolean {
  return /^[ \t]*$/.test(text.slice(left.end, right.start));
}

const PHRASE_WORDS = new Set(['NOUN', 'PROPN', 'ADJ']);
// What may follow a verb as its object: "RuBisCO fixes carbon" reads "fixes" as a verb even if tagged a noun.
const OBJECT_START = new Set(['NOUN', 'PROPN', 'DET', 'ADJ', 'NUM', 'PRON']);
const SUBJECT = new Set(['NOUN', 'PROPN', 'PRON']);

/** A noun in -s that the tagger may have mistaken for a verb: "fixes", "runs". */
const inS = (token: JudgedToken) =>
  token.pos === 'NOUN' && token.lemma !== token.normal && token.normal.endsWith('s');

/** An adjective that is part of a term's name rather than a description: "National [Assembly]", "light-dependent"
 * (a capital at the very start of the text read does not count). */
const namingAdjective = (token: JudgedToken) =>
  (token.start > 0 && /^\p{Lu}/u.test(token.text)) || token.text.includes('-');

// Words of speech the tagger reads as nouns where they are not part of any term: "one long session right before".
const ASIDES = new Set(['right', 'okay', 'ok', 'yeah']);
const mayJoin = (token: JudgedToken) =>
  PHRASE_WORDS.has(token.pos) &&
  !token.stop &&
  // A one-letter word is a symbol ("a function f of x"), not part of a term.
  token.text.length > 1 &&
  !ASIDES.has(token.normal) &&
  // wink-nlp sometimes keeps a full stop on a word ("in."): that word ends a sentence.
  /^[\p{L}\p{N}'’-]+$/u.test(token.text);

/**
 * The word just before a term belongs to its noun phrase ("Calvin" of "Calvin cycle", "carbon" of "carbon
 * dioxide"), unless it is a word in -s after its own subject, which is a verb: "RuBisCO fixes [carbon dioxide]".
 */
export function joinsBefore(
  previous: JudgedToken,
  preceding: JudgedToken | undefined,
  adjectives: 'any' | 'naming' = 'any',
): boolean {
  if (!mayJoin(previous)) return false;
  if (previous.pos === 'ADJ' && adjectives === 'naming' && !namingAdjective(previous)) return false;
  return !(inS(previous) && preceding !== undefined && SUBJECT.has(preceding.pos));
}

/**
 * The word just after a term belongs to its noun phrase ("synthase" of "ATP synthase"), unless it is a word in
 * -s with an object after it, which is a verb: "[carbon dioxide] runs low", "[RuBisCO] fixes carbon".
 */
export function joinsAfter(next: JudgedToken, following: JudgedToken | undefined): boolean {
  if (!mayJoin(next) || next.pos === 'ADJ') return false;
  return !(inS(next) && following !== undefined && OBJECT_START.has(following.pos));
}

// The tagger reads "seventeen" of "seventeen eighty nine" as a noun.
const NUMBER_WORD =
  /^(?:\d[\d,.]*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|hundred|thousand|million|billion)$/;
const isNumber = (token: JudgedToken) => token.pos === 'NUM' || NUMBER_WORD.test(token.normal);

export interface RunOnOptions {
  /** Whether any adjective before the term joins it, or only one that names ("National", "light-dependent"). */
  adjectives: 'any' | 'naming';
  /** Character offsets where sentences are known to end (in unpunctuated text): no phrase runs across them. */
  sentenceEnds?: ReadonlySet<number>;
}

/**
 * The term made of tokens `first`..`last` is part of a longer noun phrase of `text`: a noun, a name or an
 * adjective stands right beside it, in the same sentence, and the term's own word on that side is noun-like.
 */
export function runsOn(
  text: string,
  tokens: readonly JudgedToken[],
  [first, last]: [number, number],
  options: RunOnOptions,
): boolean {
  const start = tokens[first];
  const end = tokens[last];
  if (!start || !end) return false;
  const before = tokens[first - 1];
  const after = tokens[last + 1];
  // "price [moves] us along": a word in -s with an object after it is a verb, whatever its tag.
  const verbInS = inS(start) && after !== undefined && OBJECT_START.has(after.pos);
  const together = (left: JudgedToken, right: JudgedToken) =>
    adjacent(text, left, right) && !options.sentenceEnds?.has(left.end);
  // "[seventeen] eighty nine": a number runs on into the number beside it.
  const numbers = (left: JudgedToken, right: JudgedToken) => isNumber(left) && isNumber(right);
  const joinsLeft =
    before !== undefined &&
    together(before, start) &&
    (numbers(before, start) ||
      (PHRASE_WORDS.has(start.pos) &&
        !verbInS &&
        joinsBefore(before, tokens[first - 2], options.adjectives)));
  const joinsRight =
    after !== undefined &&
    together(end, after) &&
    (numbers(end, after) || (PHRASE_WORDS.has(end.pos) && joinsAfter(after, tokens[last + 2])));
  return joinsLeft || joinsRight;
}
