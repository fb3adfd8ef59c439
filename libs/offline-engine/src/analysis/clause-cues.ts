import type { SpokenWords } from '../reading/spoken-words';

// Evidence, from wink-nlp's parts of speech and a few function words, that a sentence starts before a word or
// ends after one. Positive scores favour a boundary. Positions count the transcript's words without hesitations.

/** The transcript's words without hesitation sounds, which never decide where a sentence starts or ends. */
export interface CueWords {
  words: SpokenWords;
  /** Indices into `words` of the words that are not hesitations. */
  order: Int32Array;
  verbLike: Uint8Array;
}

const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'there']);
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those']);
const POSSESSIVES = new Set(['its', 'their', 'my', 'your', 'our', 'his']);
const NOUN_PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
const VERB_POS = new Set(['VERB', 'AUX']);
const QUESTION_WORDS = new Set(['what', 'why', 'how', 'where', 'who']);
const SUBORDINATORS = new Set(['when', 'if', 'because', 'while', 'although', 'once', 'whenever', 'since']);
const RELATIVES = new Set(['which', 'who', 'whom', 'whose', 'where', 'that']);
// Words after which a clause must go on: "when || you read a page" is one sentence.
const CLAUSE_INTRODUCERS = new Set([
  'when',
  'where',
  'what',
  'which',
  'who',
  'how',
  'why',
  'if',
  'because',
  'that',
  'than',
  'whether',
  'while',
  'until',
  'unless',
  'although',
  'whenever',
  'every',
  'each',
  'no',
  'any',
]);
// Past participles that usually follow a noun rather than a subject: "an enzyme called rubisco".
const PARTICIPLES_AFTER_NOUNS = new Set(['called', 'named', 'known', 'used', 'based', 'given', 'made']);
const NEVER_OPEN = new Set(['of', 'or', 'nor', 'than', 'called', 'named', 'known']);
const DEGREE_WORDS = new Set([
  'very',
  'more',
  'most',
  'so',
  'too',
  'quite',
  'rather',
  'less',
  'least',
  'really',
]);
// Prepositions that end a clause when they belong to the verb before them: "slows down", "write it out".
const VERB_PARTICLES = new Set(['up', 'down', 'out', 'off', 'back', 'away']);
// Words between a subordinate clause and the subject after it that show the subordinate clause has ended.
const CLAUSE_BREAKERS = new Set(['and', 'but', 'or', 'so', 'then', 'which', 'who', 'that']);
// Phrases put before a clause ("within a day || you may lose"): the sentence starts before the phrase.
const FRONTED_HEADS = new Set(['every', 'each', 'next', 'last', 'after', 'before', 'within', 'during']);
// Prepositions that often open a sentence ("at the end of the chain, ..."), unlike "into" or "from", which
// usually belong to the verb before them.
const FRONTING_PREPOSITIONS = new Set([
  'in',
  'at',
  'on',
  'for',
  'inside',
  'within',
  'after',
  'before',
  'during',
  'by',
  'around',
  'with',
  'without',
  'unlike',
  'under',
  'between',
  'throughout',
]);
const MARKERS = new Map<string, number>([
  ['so', 1.5],
  ['now', 1.5],
  ['okay', 2.5],
  ['ok', 2.5],
  ['alright', 2.5],
  ['but', 0.6],
  ['then', 0.2],
  ["here's", 2.5],
  ["let's", 2.5],
  ['today', 1.2],
  ['first', 0.8],
  ['second', 0.8],
  ['third', 0.8],
  ['fourth', 0.8],
  ['fifth', 0.8],
  ['finally', 1.2],
  ['remember', 0.8],
  ['imagine', 1],
  ['notice', 0.8],
]);
// After these, a subject and verb are weaker evidence: "but it still needs" often continues a sentence.
const WEAK_MARKERS = new Set(['but', 'then']);

export function cueWords(words: SpokenWords): CueWords {
  const order: number[] = [];
  for (let word = 0; word < words.count; word += 1) if (words.hesitation[word] === 0) order.push(word);
  const verbLike = new Uint8Array(order.length);
  for (let position = 0; position < order.length; position += 1) {
    verbLike[position] = isVerbLike(words, order, position) ? 1 : 0;
  }
  return { words, order: Int32Array.from(order), verbLike };
}

function text(cues: CueWords, position: number): string {
  return cues.words.text[cues.order[position] ?? -1] ?? '';
}

function head(cues: CueWords, position: number): string {
  return cues.words.headPos[cues.order[position] ?? -1] ?? '';
}

function tail(cues: CueWords, position: number): string {
  return cues.words.tailPos[cues.order[position] ?? -1] ?? '';
}

/**
 * A finite verb, or what wink-nlp tags as a noun ending in -s after a noun, where unpunctuated text leaves it
 * unsure ("the summary hides two stages", "water releases oxygen").
 */
function isVerbLike(words: SpokenWords, order: readonly number[], position: number): boolean {
  const word = order[position] ?? 0;
  if (PARTICIPLES_AFTER_NOUNS.has(words.text[word] ?? '')) return false;
  if (VERB_POS.has(words.headPos[word] ?? '') || VERB_POS.has(words.tailPos[word] ?? '')) return true;
  if (words.headPos[word] !== 'NOUN' || !/[^s]s$/.test(words.text[word] ?? '')) return false;
  const before = order[position - 1];
  const after = order[position + 1];
  if (before === undefined || after === undefined) return false;
  if (!['NOUN', 'PROPN'].includes(words.tailPos[before] ?? '')) return false;
  const next = words.headPos[after] ?? '';
  return ['DET', 'ADP', 'ADV', 'ADJ', 'NUM', 'PRON'].includes(next);
}

function nounsBefore(cues: CueWords, from: number, to: number): number {
  let nouns = 0;
  for (let at = from; at < to; at += 1) if (head(cues, at) !== 'ADV') nouns += 1;
  return nouns;
}

// A subject (a pronoun, a gerund or a short noun phrase) followed by its verb, starting at `position`.
function subjectThenVerb(cues: CueWords, position: number): number {
  const first = text(cues, position);
  const firstPos = head(cues, position);
  const verbAt = (at: number) => at < cues.order.length && cues.verbLike[at] === 1;
  // "fix || it", "to || you": a pronoun after a verb or preposition is its object.
  if (['it', 'you', 'that'].includes(first) && ['VERB', 'ADP', 'PART'].includes(tail(cues, position - 1)))
    return 0;
  if (
    /ing$/.test(first) &&
    firstPos !== 'DET' &&
    (verbAt(position + 1) || text(cues, position + 1) === 'to')
  ) {
    return 1;
  }
  if (SUBJECT_PRONOUNS.has(first) || DEMONSTRATIVES.has(first)) {
    if (verbAt(position + 1) || (head(cues, position + 1) === 'ADV' && verbAt(position + 2))) {
      return SUBJECT_PRONOUNS.has(first) ? 2 : 1.5;
    }
    if (first === 'that' || first === 'it' || first === 'there') return 0;
  }
  const determined = firstPos === 'DET' || DEMONSTRATIVES.has(first) || POSSESSIVES.has(first);
  if (!determined && !['ADJ', 'NOUN', 'PROPN'].includes(firstPos)) return 0;
  for (let at = position + 1; at < Math.min(cues.order.length, position + 6); at += 1) {
    if (verbAt(at)) {
      // "hours || rereading their notes": a bare -ing form is not the verb of a clause.
      if (head(cues, at) === 'VERB' && text(cues, at).endsWith('ing')) return 0;
      if (!agrees(cues, at - 1, at)) return 0;
      if (determined) return 1.4;
      // A bare noun is a likely subject ("prices fell", "historians often quote"); a run of nouns may be the end
      // of the sentence before ("a five-carbon sugar || rubisco is").
      return nounsBefore(cues, position, at) === 1 ? 1 : 0.4;
    }
    const pos = head(cues, at);
    // A determiner after a noun starts another noun phrase: "the lost electron || the plant splits".
    if (pos === 'DET' && (head(cues, at - 1) === 'NOUN' || head(cues, at - 1) === 'PROPN')) return 0;
    if (!NOUN_PHRASE.has(pos) && pos !== 'ADV' && !(pos === 'ADP' && text(cues, at) === 'of')) return 0;
  }
  return 0;
}

const IRREGULAR_PLURALS = new Set([
  'people',
  'children',
  'men',
  'women',
  'bacteria',
  'algae',
  'data',
  'media',
]);
const SINGULAR_VERBS = new Set(['is', 'was', 'has', 'does', "'s"]);
const PLURAL_VERBS = new Set(['are', 'were', 'have', 'do']);

// Whether a noun and the verb after it agree in number, as a subject and its verb must: "those stacks is"
// and "the stroma keep" are not a subject and its verb.
function agrees(cues: CueWords, noun: number, verb: number): boolean {
  if (head(cues, noun) !== 'NOUN') return true;
  const nounText = text(cues, noun);
  const plural =
    IRREGULAR_PLURALS.has(nounText) || (/[^s]s$/.test(nounText) && !/(?:ss|us|is)$/.test(nounText));
  const verbText = text(cues, verb);
  if (SINGULAR_VERBS.has(verbText)) return !plural;
  if (PLURAL_VERBS.has(verbText)) return plural;
  const baseForm = head(cues, verb) === 'VERB' && cues.words.headLemma[cues.order[verb] ?? 0] === verbText;
  return !baseForm || plural || /(?:ed|ought|ew|ould)$/.test(verbText);
}

// An instruction to the audience: a verb in its base form with an object, after something that is not its
// subject ("... || take a function", "... || make sure").
function imperative(cues: CueWords, position: number): number {
  const word = cues.order[position] ?? 0;
  if (head(cues, position) !== 'VERB' || cues.words.headLemma[word] !== text(cues, position)) return 0;
  const before = tail(cues, position - 1);
  // "students || spend hours" and "scholars could now || compare" have their subject before the verb.
  if (['PRON', 'ADV', 'AUX', 'PART', 'ADP', 'NOUN', 'PROPN', 'VERB'].includes(before)) return 0;
  return ['DET', 'PRON', 'ADJ', 'NUM'].includes(head(cues, position + 1)) ? 1 : 0;
}

// The subject at `position` follows a fronted phrase, so the sentence more likely starts before that phrase.
function afterFrontedPhrase(cues: CueWords, position: number): boolean {
  let phraseOnly = true;
  for (let at = position - 1; at >= Math.max(1, position - 10); at -= 1) {
    const word = text(cues, at);
    const pos = head(cues, at);
    if (FRONTED_HEADS.has(word) && phraseOnly) return closingScore(cues, at) >= 0;
    // "if the ceiling is below equilibrium || the model predicts": the sentence starts at "if".
    if (SUBORDINATORS.has(word)) return closingScore(cues, at) >= 0;
    if (MARKERS.has(word) || CLAUSE_BREAKERS.has(word)) return false;
    if (!NOUN_PHRASE.has(pos) && pos !== 'ADV' && word !== 'of') phraseOnly = false;
  }
  return false;
}

// A fronted phrase and then a clause: "at the end of the chain || the electrons are loaded".
function phraseThenClause(cues: CueWords, position: number): number {
  for (let at = position + 1; at < Math.min(cues.order.length, position + 7); at += 1) {
    if (at > position + 1) {
      const subject = Math.max(subjectThenVerb(cues, at), imperative(cues, at));
      if (subject > 0) return subject * 0.3;
    }
    const pos = head(cues, at);
    if (!NOUN_PHRASE.has(pos) && pos !== 'ADV' && text(cues, at) !== 'of') return 0;
  }
  return 0;
}

/** Evidence that a sentence starts at `position`. */
export function openingScore(cues: CueWords, position: number): number {
  const word = text(cues, position);
  const next = text(cues, position + 1);
  const pos = head(cues, position);
  if (NEVER_OPEN.has(word) || word === '') return -2;
  if (word === 'and') {
    if (['then', 'so', 'now'].includes(next)) return 0.5;
    // "and keynes looks at this", "and here's": a whole clause after "and" may be a sentence of its own.
    return subjectThenVerb(cues, position + 1) > 0 || MARKERS.has(next) ? 0 : -0.5;
  }
  if (word === 'here' && (next === 'is' || next === 'are')) return 2.5;
  if (word === 'let' && (next === 'me' || next === 'us')) return 2.5;
  if (word.includes("'")) {
    return (MARKERS.get(word) ?? 0) + (pos === 'PRON' && VERB_POS.has(tail(cues, position)) ? 2 : 0);
  }
  if (QUESTION_WORDS.has(word) && VERB_POS.has(head(cues, position + 1))) return 1.2;
  // "that's a big moment || because it says": a reason mostly ends the sentence it gives a reason for.
  if (word === 'because' || word === 'since') return -0.5;
  if (SUBORDINATORS.has(word)) return subjectThenVerb(cues, position + 1) > 0 ? 0.8 : 0;
  // "that excited electron is passed" opens a sentence; "the part that surprises people" does not.
  if (word === 'that' && ['ADJ', 'NOUN'].includes(head(cues, position + 1)))
    return subjectThenVerb(cues, position) - 0.4;
  // "white blood cells || that arrive first": after a noun, "that" and a verb are a relative clause, though
  // "that is" mostly points back ("the same bucket || that is called a collision").
  const relativeThat =
    word === 'that' && next !== 'is' && ['NOUN', 'PROPN'].includes(tail(cues, position - 1));
  if (RELATIVES.has(word) && (relativeThat || !(word === 'that' && cues.verbLike[position + 1] === 1)))
    return -1;
  if (pos === 'AUX') return SUBJECT_PRONOUNS.has(next) ? 0 : -1;
  if (pos === 'PART' || pos === 'CCONJ') return word === 'but' ? 0.6 : -1;
  const marker = MARKERS.get(word);
  if (marker !== undefined) {
    let score = marker;
    if (word === 'so' && (DEGREE_WORDS.has(next) || next === 'that' || head(cues, position + 1) === 'ADJ'))
      score = 0;
    if (
      word === 'now' &&
      ['right', 'until', 'by', 'for', 'just', 'from'].includes(text(cues, position - 1))
    ) {
      score = 0;
    }
    return score + subjectThenVerb(cues, position + 1) * (WEAK_MARKERS.has(word) ? 0.5 : 1);
  }
  if (FRONTING_PREPOSITIONS.has(word) || FRONTED_HEADS.has(word)) return phraseThenClause(cues, position);
  if (pos === 'ADP') return 0;
  const subject = subjectThenVerb(cues, position) * (afterFrontedPhrase(cues, position) ? 0.25 : 1);
  const opener = Math.max(subject, imperative(cues, position));
  // A verb that is neither an instruction nor a subject's gerund goes with what comes before it.
  // An inflected one ("germany || declared war") never opens a sentence.
  if (opener === 0 && pos === 'VERB')
    return cues.words.headLemma[cues.order[position] ?? 0] === word ? -1 : -2;
  return opener;
}

// "why a plant || in the dark stops": a subordinate clause opened just before has not reached its verb yet.
function openClauseWithoutVerb(cues: CueWords, position: number): boolean {
  for (let at = position - 1; at >= Math.max(0, position - 6); at -= 1) {
    if (cues.verbLike[at] === 1) return false;
    const word = text(cues, at);
    if (SUBORDINATORS.has(word) || QUESTION_WORDS.has(word) || word === 'which') return at < position - 1;
  }
  return false;
}

/** Evidence that a sentence ends with the word before `position`. */
export function closingScore(cues: CueWords, position: number): number {
  const word = text(cues, position - 1);
  const before = head(cues, position - 2);
  const pos = tail(cues, position - 1);
  // Captions that count as unpunctuated may still carry the odd full stop or question mark.
  if (/[.?!…]["')\]]*$/.test(word)) return 3;
  if (CLAUSE_INTRODUCERS.has(word) || PARTICIPLES_AFTER_NOUNS.has(word)) return -3;
  if (openClauseWithoutVerb(cues, position)) return -2;
  switch (pos) {
    case 'DET':
    case 'CCONJ':
    case 'SCONJ':
      return -3;
    case 'AUX':
      // "how many entries there are", "what it is": a verb can close a clause after its subject.
      // "you are || born with": a participle or adjective after it completes it.
      if (['VERB', 'ADJ'].includes(head(cues, position))) return -2.5;
      return SUBJECT_PRONOUNS.has(text(cues, position - 2)) ? -0.5 : -2.5;
    case 'PART':
      return word === 'not' ? -1 : -3;
    case 'ADP':
      return VERB_PARTICLES.has(word) &&
        (before === 'VERB' || (['NOUN', 'PRON'].includes(before) && cues.verbLike[position - 3] === 1))
        ? 0
        : -3;
    case 'ADJ':
      // An adjective right before a determiner cannot modify a noun after it: wink-nlp has mistaken a noun at
      // the end of a clause for one ("the key || the table keeps").
      if (head(cues, position) === 'DET') return 0;
      // "the first || thing": a determiner, its adjective and its noun stay together.
      if (before === 'DET') return ['NOUN', 'PROPN'].includes(head(cues, position)) ? -3 : -2;
      // "the fast general || response": an adjective before a noun modifies it.
      if (['NOUN', 'PROPN'].includes(head(cues, position))) return -1.5;
      return ['AUX', 'VERB', 'ADV'].includes(before) || text(cues, position - 2) === 'and' ? 0 : -1.5;
    case 'ADV':
      return DEGREE_WORDS.has(word) ? -2 : 0;
    case 'PRON':
      if (POSSESSIVES.has(word)) return -3;
      return ['i', 'we', 'they', 'he', 'she'].includes(word) ? -2 : 0;
    default:
      return 0;
  }
}
