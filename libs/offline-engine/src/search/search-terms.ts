import { LONGEST_CAPTION_WORD, piecesOfWord } from '@lectern/contracts';
import stopwords from 'stopwords-iso';
import porter2 from 'wink-porter2-stemmer';

// English function words and question words carry no topic: a question matches a passage on what it is about.
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

// Words that frame an English question rather than name its topic ("How does X work?", "What happens if…"): a
// lecture need not say them to cover the question.
const QUESTION_FRAME_WORDS = [
  'work',
  'works',
  'happen',
  'happens',
  'mean',
  'means',
  'use',
  'used',
  'differ',
  'difference',
  'example',
  'purpose',
  'important',
  'matter',
];

const ACRONYM_PLURAL = /^(\p{Lu}{2,})['’]?s$/u;

const stems = new Map<string, string>();

/**
 * The Porter2 stem of a lower-case word, remembered (a transcript repeats its vocabulary): "recursion",
 * "recursive" and "recursively" share "recurs". Search and the weighing of key terms both count words by it.
 */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    // The vocabulary of one process stays bounded: a huge map of one-off words is dropped and rebuilt.
    if (stems.size > 200_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

// A transcript of unknown language is read as English when at least this share of its first words are English
// function words (English prose runs at about 40%; French or German shares a few words like "a" or "on").
const ENGLISH_STOP_WORD_SHARE = 0.2;
const SAMPLE_WORDS = 500;

let questionFrames: ReadonlySet<string> | undefined;
/** The stems of the question-frame words, made when first asked for (not as the module loads). */
function questionFrameStems(): ReadonlySet<string> {
  questionFrames ??= new Set(QUESTION_FRAME_WORDS.map((word) => stem(word)));
  return questionFrames;
}

/**
 * How one transcript's index and the questions asked of it read words: split by Intl.Segmenter (so Chinese and
 * Japanese, written without spaces, have words too), lower case, stop words dropped, and for English stemmed (so
 * "retrieving" finds "retrieval"). Other languages keep their words unstemmed and drop the stop words of
 * stopwords-iso for their language, when it has a list.
 */
export class TermReader {
  private readonly segmenter: Intl.Segmenter;
  private readonly english: boolean;
  private readonly stopWords: ReadonlySet<string>;

  /** `language` is the transcript's BCP 47 code ('und' or null when unknown); `sample` some of its text. */
  constructor(language: string | null, sample: string) {
    const known = language !== null && language !== 'und' ? language : undefined;
    this.segmenter = new Intl.Segmenter(known, { granularity: 'word' });
    const base = known?.split('-')[0]?.toLowerCase();
    this.english = base === undefined ? this.looksEnglish(sample) : base === 'en';
    this.stopWords = this.english ? STOP_WORDS : new Set(base === undefined ? [] : (stopwords[base] ?? []));
  }

  /**
   * The words of a text, for the index and the questions alike. A word longer than any spoken one (a caption of
   * thousands of letters) is read as pieces: the stemmer's time grows with the square of a word's length.
   */
  words(text: string): string[] {
    const words: string[] = [];
    for (const { segment, isWordLike } of this.segmenter.segment(text)) {
      if (!isWordLike) continue;
      // Elisions (l'adresse, qu'une) are two words outside English; "don't" is one.
      const parts = this.english ? [segment] : segment.split(/['’]/).filter(Boolean);
      for (const part of parts) {
        if (part.length <= LONGEST_CAPTION_WORD) words.push(part);
        else words.push(...piecesOfWord(part));
      }
    }
    return words;
  }

  /** A word as the index stores it, or null for a word that carries no topic (MiniSearch's processTerm). */
  term(word: string): string | null {
    // Lower case can lengthen a word (İ is i and a dot): the bound holds whatever reaches the stemmer.
    // An acronym's plural is the acronym ("LLMs" is "LLM", "AIs" is "AI"): the stemmer keeps an s after no vowel.
    const singular = this.english ? word.replace(ACRONYM_PLURAL, '$1') : word;
    const lower = singular
      .toLowerCase()
      .replace(/^['’]+|['’]+$/g, '')
      .slice(0, LONGEST_CAPTION_WORD);
    if (this.stopWords.has(lower)) return null;
    if (!this.english) return lower.length < 2 && !/[^\p{Script=Latin}\p{N}]/u.test(lower) ? null : lower;
    return lower.length < 2 ? null : stem(lower);
  }

  /** Whether words are read as English (stemmed, English stop words dropped). */
  get readsEnglish(): boolean {
    return this.english;
  }

  /** A term that frames an English question ("work" in "How does X work?") rather than names its topic. */
  framesQuestion(term: string): boolean {
    return this.english && questionFrameStems().has(term);
  }

  /** The distinct search terms of a text. */
  terms(text: string): string[] {
    const terms = new Set<string>();
    for (const word of this.words(text)) {
      const term = this.term(word);
      if (term !== null) terms.add(term);
    }
    return [...terms];
  }

  private looksEnglish(sample: string): boolean {
    const words = this.words(sample).slice(0, SAMPLE_WORDS);
    const common = words.filter((word) => STOP_WORDS.has(word.toLowerCase())).length;
    return words.length > 0 && common / words.length >= ENGLISH_STOP_WORD_SHARE;
  }
}
