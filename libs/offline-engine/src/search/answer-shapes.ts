// How a lecture's sentences answer a question, read from their words: a definition of the question's term, a
// sentence that says the question's words in its order, a sentence that ends by naming the term (its explanation
// follows), a question the lecturer asks the room (its answer follows).

/** A question word or an auxiliary at a sentence's start, after spoken openers ("So what makes up…?"). */
const ASKING_START =
  /^(?:(?:so|and|but|now|okay|ok|well|right|then|oh|um|uh|>>)[,]?\s+)*(?:what|what's|how|why|who|whom|whose|which|when|where|is|isn't|are|aren't|do|does|don't|did|can|could|would|should|will|was|were)\b/i;

/**
 * A sentence that asks rather than says: it ends with "?" and it, or its last clause, opens as a question ("Using
 * this method if we have a collision, well, what do we do?"), not "…, which we call a hashcode, OK?".
 */
export function isAsking(sentence: string): boolean {
  const text = sentence.trim();
  if (!/\?["”’)]*$/.test(text)) return false;
  const lastClause = text.slice(text.lastIndexOf(',') + 1);
  return [text, lastClause].some((part) => ASKING_START.test(part.replace(/^[^\p{L}>]+/u, '').trim()));
}

// What follows a term when a sentence says what it is: "X is defined as", "X is a", "X means", "X occurs when".
const DEFINING_AFTER =
  /^(?:[\p{L}-]+\s+)?(?:(?:is|are)\s+(?:defined\s+as|called|just|basically|simply|when|where|a|an|the|some|something|what)|means|refers\s+to|occurs\s+when|happens\s+when|is\s+going\s+to\s+be)\b/iu;
// What precedes a term when a sentence names it: "called X", "known as X", "we call this X".
const NAMING_BEFORE = /(?:called|known\s+as|call\s+(?:this|it|that))\s+(?:a\s+|an\s+|the\s+)?$/i;

// The same, before the last word of a term of a few words ("called a dark pattern").
const NAMING_A_TERM_BEFORE =
  /(?:called|known\s+as|call\s+(?:this|it|that))\s+(?:a\s+|an\s+|the\s+)?(?:[\p{L}-]+\s+){0,2}$/iu;

export interface TermsOfWords {
  /** The sentence's words, as written. */
  words: readonly string[];
  /** Each word's search term, or null for a word that carries none. */
  terms: ReadonlyArray<string | null>;
}

/** The sentence says what one of `subject` (search terms) is, or names it: "a recursive function is defined as…". */
export function definesTerm(sentence: TermsOfWords, subject: ReadonlySet<string>): boolean {
  return sentence.terms.some((term, at) => {
    if (term === null || !subject.has(term)) return false;
    const after = sentence.words.slice(at + 1, at + 6).join(' ');
    const before = sentence.words.slice(Math.max(0, at - 4), at).join(' ');
    return DEFINING_AFTER.test(after) || (NAMING_BEFORE.test(`${before} `) && !endsNaming(sentence, subject));
  });
}

/**
 * The sentence names one of `subject` at its end ("… which is called a dark pattern."): it introduces the term and
 * the statement after it explains, so the two answer together as a definition does.
 */
export function namesTermAtEnd(sentence: TermsOfWords, subject: ReadonlySet<string>): boolean {
  if (!endsNaming(sentence, subject)) return false;
  return sentence.terms.some((term, at) => {
    if (term === null || !subject.has(term)) return false;
    const before = sentence.words.slice(Math.max(0, at - 6), at).join(' ');
    return NAMING_A_TERM_BEFORE.test(`${before} `);
  });
}

/** The sentence's last word of substance is one of `subject`: it introduces the term, the next sentence explains. */
export function endsNaming(sentence: TermsOfWords, subject: ReadonlySet<string>): boolean {
  const last = [...sentence.terms].reverse().find((term) => term !== null);
  return last !== undefined && last !== null && subject.has(last);
}

/**
 * Two of the question's terms said one after the other, as the question says them ("n factorial … calculated"), in
 * a sentence that goes on past the question's words: one that ends on them ("I want to say that the biggest
 * revolution AI is bringing to education.") only says the question again.
 */
export function saysQuestionPhrase(sentence: TermsOfWords, question: readonly string[]): boolean {
  const said = sentence.terms.filter((term): term is string => term !== null);
  const asked = new Set(question);
  const lastAsked = said.reduce((last, term, index) => (asked.has(term) ? index : last), -1);
  if (!said.slice(lastAsked + 1).some((term) => !asked.has(term))) return false;
  for (let at = 0; at + 1 < question.length; at += 1) {
    const [first, second] = [question[at], question[at + 1]];
    if (said.some((term, index) => term === first && said[index + 1] === second)) return true;
  }
  return false;
}
