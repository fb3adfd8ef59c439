import { PLACEHOLDER_NOUNS } from './key-terms';
import type { TokenTable } from '../reading/nlp';

// Words that point at something said before: a card or a question built on them cannot be answered on its own
// ("What are those molecules?", "He summoned the Estates-General…").

const REFERRING_WORDS = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'he',
  'she',
  'him',
  'his',
  'her',
  'this',
  'that',
  'these',
  'those',
  'such',
  'here',
  'which',
  'who',
  'we',
  'you',
  'i',
  'us',
  'our',
  'one',
  'both',
  'either',
  'neither',
  'another',
]);
const QUANTIFIERS = new Set([
  'some',
  'many',
  'most',
  'all',
  'each',
  'any',
  'none',
  'few',
  'several',
  'both',
  'one',
  'two',
  'half',
  'part',
]);
/** Words that open a sentence as the second half of a thought: "But …", "Because …", "Instead, …". */
export const DEPENDENT_OPENERS = new Set([
  'but',
  'because',
  'instead',
  'however',
  'otherwise',
  'although',
  'though',
  'yet',
]);
const DEMONSTRATIVES = new Set(['this', 'these', 'those', 'such']);
const FOLLOWS_DETERMINER_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
// After these, "that" opens a clause ("the fact that memories fade", "so that students learn") rather than
// pointing at something ("of that line", "take that number").
const BEFORE_CLAUSE_THAT_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'ADV', 'AUX', 'PRON']);

/** A pronoun, a demonstrative or "here"/"such": a word whose meaning is elsewhere in the lecture. */
export function isReferringWord(tokens: TokenTable, token: number): boolean {
  return tokens.pos[token] === 'PRON' || REFERRING_WORDS.has(tokens.normal[token] ?? '');
}

/**
 * "this/that/these/those" followed by a noun ("those stacks", "that number"): a phrase that names nothing
 * without the sentence before it.
 */
export function hasDemonstrativePhrase(tokens: TokenTable, first: number, last: number): boolean {
  for (let token = first; token < last; token += 1) {
    if (!FOLLOWS_DETERMINER_POS.has(tokens.pos[token + 1] ?? '')) continue;
    if (namesItsContent(tokens, token + 1)) continue;
    const word = tokens.normal[token] ?? '';
    if (DEMONSTRATIVES.has(word)) return true;
    if (word === 'that' && (token === first || !BEFORE_CLAUSE_THAT_POS.has(tokens.pos[token - 1] ?? '')))
      return true;
  }
  return false;
}

// "this idea of beautiful code": what the idea is follows in the same phrase, so it points at nothing before.
const APPOSITIVE_NOUNS = new Set(['idea', 'notion', 'concept']);

function namesItsContent(tokens: TokenTable, noun: number): boolean {
  return (
    APPOSITIVE_NOUNS.has((tokens.lemma[noun] ?? '').toLowerCase()) &&
    tokens.normal[noun + 1] === 'of' &&
    FOLLOWS_DETERMINER_POS.has(tokens.pos[noun + 2] ?? '')
  );
}

/** "it is possible to …", "it's important that …": an "it" that stands for the clause after it, not for anything said before. */
export function isClauseIt(tokens: TokenTable, token: number): boolean {
  return (
    tokens.normal[token] === 'it' &&
    ['is', "'s", 'was'].includes(tokens.normal[token + 1] ?? '') &&
    tokens.pos[token + 2] === 'ADJ' &&
    ['to', 'that'].includes(tokens.normal[token + 3] ?? '')
  );
}

/**
 * The subject a sentence opens with stands for something said elsewhere: a pronoun or demonstrative ("They…",
 * "Those ions…") or a placeholder noun after an article ("The result is…", "The trick is…").
 */
export function opensWithReference(tokens: TokenTable, start: number, last: number): boolean {
  if (start > last) return true;
  if (isReferringWord(tokens, start)) return true;
  const word = tokens.normal[start] ?? '';
  // "Some of them …", "Many of those …"
  if (QUANTIFIERS.has(word) && tokens.normal[start + 1] === 'of') return true;
  if (word === 'the' || word === 'a' || word === 'an') {
    // "The result is …", "A bad one, like …": past the adjectives, a placeholder.
    let noun = start + 1;
    while (noun < last && tokens.pos[noun] === 'ADJ') noun += 1;
    const lemma = (tokens.lemma[noun] ?? '').toLowerCase();
    const followedByNoun = ['NOUN', 'PROPN', 'ADJ'].includes(tokens.pos[noun + 1] ?? '');
    return (PLACEHOLDER_NOUNS.has(lemma) || lemma === 'one') && !followedByNoun;
  }
  return false;
}

const FIRST_PERSON = new Set(['i', 'we', 'us', 'our', 'me', 'my', "let's"]);

/** "Today we build …", "I want to start with …": the lecturer speaking of the lecture, not of its subject. */
export function speaksOfTheLecture(tokens: TokenTable, first: number, last: number): boolean {
  for (let token = first; token <= last; token += 1)
    if (FIRST_PERSON.has(tokens.normal[token] ?? '')) return true;
  return false;
}
