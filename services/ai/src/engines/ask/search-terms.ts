import porter2 from 'wink-porter2-stemmer';

// Function words and question words carry no topic: a question matches a passage on what it is about.
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her ' +
    'here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not ' +
    'now of off on once only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'tell explain say says said video lecture talk talks speaker mention mentions mentioned describe according ' +
    'also get got go going gonna let lets like okay ok um uh yeah really thing things something much many way'
  ).split(' '),
);

const stems = new Map<string, string>();

/** The Porter2 stem of a word, remembered: a transcript repeats its vocabulary. */
function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    // The vocabulary of one process stays bounded: a huge map of one-off words is dropped and rebuilt.
    if (stems.size > 200_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/**
 * How the index and the questions read words: lower case, stop words dropped, stemmed (so "retrieving" finds
 * "retrieval"). Null drops the term, as MiniSearch's processTerm expects.
 */
export function searchTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/^'+|'+$/g, '');
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  return stem(word);
}

/**
 * The words of a text, for the index and the questions alike: one tokenizer on both sides, so "C++11" or "e=mc²"
 * is read the same in a caption and in a question.
 */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
}

/** The distinct search terms of a text. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    const term = searchTerm(word);
    if (term !== null) terms.add(term);
  }
  return [...terms];
}
