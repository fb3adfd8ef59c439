import { withoutCitations } from './citations';
import { readTokens, type JudgedToken } from './judge-nlp';

export interface ActionPlanFigures {
  steps: number;
  /** Steps that start with an imperative verb: "Review…", "Draw…", "Don't…". */
  actions: number;
  notActions: string[];
}

/** The text of each numbered step (`1. …` or `1) …`), without Markdown emphasis or cited moments. */
export function parseSteps(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => /^\s*\d+[.)]\s+(.*)$/.exec(line)?.[1])
    .filter((step): step is string => step !== undefined)
    .map((step) => withoutCitations(step.replace(/[*_`]/g, '')).replace(/^["“'‘]/, ''));
}

// A verb's base form, allowing British -ise spellings that the lemmatiser writes as "practice" or "-ize".
const isBaseForm = (word: string, lemma: string) =>
  lemma === word || lemma.replace(/[cz]e$/, 'se') === word || lemma.replace(/ize$/, 'ise') === word;

const NEGATED_COMMAND = /^(?:don't|do not|never|avoid)\b/i;
// Where the first clause ends: what follows no longer tells whether its first word was a verb.
const CLAUSE_ENDS = new Set(['PUNCT', 'CCONJ', 'SCONJ', 'PRON', 'ADV']);

/** "turns" in "Stage one turns…": after "one" a word in -s cannot be a plural noun, so it is a verb. */
const agreesAsVerb = (previous: JudgedToken | undefined, token: JudgedToken) =>
  previous?.normal === 'one' &&
  token.pos === 'NOUN' &&
  token.lemma !== token.normal &&
  token.normal.endsWith('s');

/** A finite verb other than the base form ("explaining" may be the object of "Practise"). */
const isInflectedVerb = (token: JudgedToken) =>
  (token.pos === 'VERB' || token.pos === 'AUX') &&
  token.lemma !== token.normal &&
  !token.normal.endsWith('ing');

/**
 * Read as an instruction to "you": wink-nlp tags the first word after "You" as a verb in its base form (a tagger
 * often reads a sentence's first word as a name or noun, so it is tagged where a verb would stand). A word
 * that is really a subject gives itself away by an inflected verb right after it: "Stage one turns…".
 */
export function startsWithImperative(step: string): boolean {
  const text = step.trim();
  if (NEGATED_COMMAND.test(text)) return true;
  const tokens = readTokens(`You ${text.charAt(0).toLowerCase()}${text.slice(1)}`);
  const verb = tokens[1];
  if (!verb || verb.pos !== 'VERB' || !isBaseForm(verb.normal, verb.lemma)) return false;
  for (let index = 2; index < Math.min(tokens.length, 5); index += 1) {
    const token = tokens[index];
    if (!token || CLAUSE_ENDS.has(token.pos)) break;
    if (isInflectedVerb(token) || agreesAsVerb(tokens[index - 1], token)) return false;
  }
  return true;
}

export function judgeActionPlan(markdown: string): ActionPlanFigures {
  const steps = parseSteps(markdown);
  const notActions = steps.filter((step) => !startsWithImperative(step));
  return { steps: steps.length, actions: steps.length - notActions.length, notActions };
}
