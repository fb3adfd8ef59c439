import { TWEET_MAX_CHARS } from './markdown-shapes';
import { keyTerms, type KeyTerm } from '../analysis/key-terms';
import { adviceStep, contentStart, howClause, namesCourseBusiness } from '../analysis/sentence-patterns';
import {
  copula,
  definitions,
  detailedParagraphs,
  insightCount,
  partCount,
  standsAlone,
} from './study-writers';
import { capitalise, hashtag, joinNatural, titleCase, truncateAtWord } from './text-style';
import {
  pickAcross,
  pickDiverse,
  rankWithin,
  sections,
  type Sentence,
  type TranscriptAnalysis,
} from '../analysis/transcript-analysis';

// Tweet thread, blog post and action plan, in the Markdown structures of feature-prompts.ts.

function lectureTitle(analysis: TranscriptAnalysis, title: string | null): string {
  const given = title?.replace(/\s+/g, ' ').trim();
  if (given) return given;
  const topic = keyTerms(analysis).find((term) => !term.fullForm);
  return topic ? `Notes on ${titleCase(topic.text)}` : 'Lecture notes';
}

export function writeTweetThread(analysis: TranscriptAnalysis, title: string | null): string {
  const body = pickAcross(analysis, {
    count: Math.min(8, insightCount(analysis) - 1),
    maxSimilarity: 0.35,
    minWords: 7,
    maxWords: 40,
    accept: (sentence) => standsAlone(analysis, sentence),
  });
  const terms = keyTerms(analysis).filter((term) => !term.fullForm);
  const topics = terms.slice(0, 3).map((term) => term.text);
  const hook = `What I learned from “${lectureTitle(analysis, title)}”${topics.length > 0 ? `: ${joinNatural(topics)}` : ''}. A thread 🧵`;
  const tags = terms
    .slice(0, 4)
    .map((term) => hashtag(term.text))
    .filter((tag) => tag.length > 1);
  const closing =
    body.length > 0
      ? `That's the lecture in ${body.length} ideas. ${actionSteps(analysis, 1).length > 0 ? 'Which one will you try first?' : 'Which one surprised you most?'}${tags.length > 0 ? ` ${tags.join(' ')}` : ''}`
      : tags.join(' ') || 'Watch the whole video for the details.';
  const tweets: Array<[text: string, suffix: string]> = [
    [hook, ''],
    ...body.map((sentence): [string, string] => [sentence.text, ` (${sentence.timestamp})`]),
    [closing, ''],
  ];
  const total = tweets.length;
  return tweets
    .map(([text, suffix], index) => {
      const prefix = `${index + 1}/${total} `;
      return `${prefix}${truncateAtWord(text, TWEET_MAX_CHARS - prefix.length - suffix.length)}${suffix}`;
    })
    .join('\n\n');
}

export function writeBlogPost(analysis: TranscriptAnalysis, title: string | null): string {
  const intro = pickDiverse(analysis.ranked, {
    count: 2,
    maxSimilarity: 0.35,
    accept: (sentence) => standsAlone(analysis, sentence),
  });
  const used = new Set(intro.map((sentence) => sentence.index));
  const lines = [
    `# ${lectureTitle(analysis, title)}`,
    '',
    prose(intro) || detailedParagraphs(analysis, 3)[0] || '',
  ];
  for (const { term, sentences } of topicSections(analysis, partCount(analysis, 5), used)) {
    sentences.forEach((sentence) => used.add(sentence.index));
    lines.push('', `## ${termHeading(term)}`, '', prose(sentences));
  }
  const takeaways = takeawayLines(analysis, used);
  if (takeaways.length > 0) lines.push('', '## Key takeaways', '', ...takeaways.map((line) => `- ${line}`));
  return lines.join('\n');
}

interface TopicSection {
  term: KeyTerm;
  sentences: Sentence[];
}

/**
 * The lecture's main topics, one section each: named terms that recur in different stretches of the lecture,
 * each gathering the best sentences that mention it (a sentence on two topics goes to the better one), in the
 * lecture's order. Sections follow the order in which their topics are first discussed.
 */
function topicSections(
  analysis: TranscriptAnalysis,
  count: number,
  used: ReadonlySet<number>,
): TopicSection[] {
  const strict = sectionsOnTopics(analysis, count, used, mentionsNeeded);
  // A short lecture names few things twice: a topic it names twice will do.
  return strict.length >= Math.min(3, count) ? strict : sectionsOnTopics(analysis, count, used, () => 2);
}

function sectionsOnTopics(
  analysis: TranscriptAnalysis,
  count: number,
  used: ReadonlySet<number>,
  needed: (term: KeyTerm) => number,
): TopicSection[] {
  const chosen: Array<{ term: KeyTerm; mentions: Set<number> }> = [];
  const terms = keyTerms(analysis);
  // A few spare topics: some find no sentence of their own once the better topics have theirs.
  for (const term of terms) {
    if (chosen.length >= count + 2) break;
    // A heading must be the lecture's own phrase, not one it mostly says as part of a longer one.
    if (term.fullForm || term.standaloneShare < 2 / 3) continue;
    // "the cycle" is a mention of "the Calvin cycle".
    const mentions = new Set(
      terms
        .filter((candidate) => candidate === term || candidate.fullForm === term)
        .flatMap((candidate) => candidate.occurrences.map((occurrence) => occurrence.sentence)),
    );
    if (mentions.size < needed(term)) continue;
    const words = term.text.toLowerCase().split(' ');
    const overlaps = chosen.some(({ term: other, mentions: theirs }) => {
      const otherWords = other.text.toLowerCase().split(' ');
      const nested =
        words.every((word) => otherWords.includes(word)) || otherWords.every((word) => words.includes(word));
      const shared = [...mentions].filter((sentence) => theirs.has(sentence)).length;
      return nested || shared * 3 > mentions.size * 2;
    });
    if (!overlaps) chosen.push({ term, mentions });
  }
  const owner = new Map<number, number>();
  chosen.forEach(({ mentions }, topic) => {
    for (const sentence of mentions) if (!owner.has(sentence)) owner.set(sentence, topic);
  });
  const sectionsOut: TopicSection[] = [];
  chosen.forEach(({ term }, topic) => {
    const own = analysis.sentences.filter(
      (sentence) => owner.get(sentence.index) === topic && !used.has(sentence.index),
    );
    const best = pickDiverse(rankWithin(own), {
      count: 3,
      maxSimilarity: 0.4,
      minWords: 5,
      accept: (sentence) => standsAlone(analysis, sentence),
    });
    if (best.length > 0) sectionsOut.push({ term, sentences: best });
  });
  // A section of one sentence is thin: kept only when the lecture offers little else.
  const full = sectionsOut.filter((section) => section.sentences.length >= 2);
  return (full.length >= 3 ? full : sectionsOut)
    .slice(0, count)
    .sort((a, b) => (a.sentences[0]?.index ?? 0) - (b.sentences[0]?.index ?? 0));
}

/** A lone common noun ("car", "curve") is a topic only when the lecture keeps coming back to it. */
function mentionsNeeded(term: KeyTerm): number {
  return term.text.includes(' ') || /[A-Z]/.test(term.text) ? 2 : 3;
}

/** "The Calvin cycle", "Carbon dioxide": the term as the lecture says it, with "the" where it usually has one. */
function termHeading(term: KeyTerm): string {
  return capitalise(term.definite ? `the ${term.text}` : term.text);
}

function takeawayLines(analysis: TranscriptAnalysis, used: Set<number>): string[] {
  const advice = actionSteps(analysis, 4).map((item) => item.text);
  if (advice.length >= 3) return advice;
  return pickDiverse(analysis.ranked, {
    count: 4,
    maxSimilarity: 0.35,
    accept: (sentence) =>
      !used.has(sentence.index) && standsAlone(analysis, sentence) && !opensWithVerb(analysis, sentence),
  }).map((sentence) => sentence.text);
}

// "Imagine you drive …", "Now slide the second point …": the lecture walking through an example, not a takeaway.
function opensWithVerb(analysis: TranscriptAnalysis, sentence: Sentence): boolean {
  return analysis.tokens.pos[contentStart(analysis, sentence)] === 'VERB';
}

interface ActionStep {
  text: string;
  sentence: Sentence;
}

function actionSteps(analysis: TranscriptAnalysis, max: number): ActionStep[] {
  const steps: ActionStep[] = [];
  const seen = new Set<string>();
  for (const sentence of analysis.ranked) {
    if (steps.length >= max) break;
    const text = adviceStep(analysis, sentence);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    steps.push({ text, sentence });
  }
  return steps.sort((a, b) => a.sentence.index - b.sentence.index);
}

/**
 * Steps a student can take, each starting with the verb that says what to do: the lecture's own advice, and,
 * where it gives too little, study tasks on its key terms (explain a definition, explain how something works,
 * define a term from memory).
 */
export function writeActionPlan(analysis: TranscriptAnalysis): string {
  const steps = actionSteps(analysis, 8).map((step) => `${step.text} (${step.sentence.timestamp})`);
  if (steps.length < 4) steps.push(...termTasks(analysis, 5 - steps.length));
  if (steps.length < 4) steps.push(...partTasks(analysis, 4 - steps.length, steps));
  if (steps.length === 0) steps.push('Watch the video again and write down its main idea in one sentence.');
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}

// When the lecture names too little to build tasks on, each stretch of it is one to recall and summarise.
function partTasks(analysis: TranscriptAnalysis, count: number, taken: readonly string[]): string[] {
  const moments = new Set(taken.map((step) => /\(([\d:]+)\)\.?$/.exec(step)?.[1]));
  const tasks: string[] = [];
  for (const part of sections(analysis, count + taken.length)) {
    const sentence = part[0];
    if (tasks.length >= count || !sentence || moments.has(sentence.timestamp)) continue;
    moments.add(sentence.timestamp);
    tasks.push(
      `Summarise this part of the video in three sentences from memory, then watch it again to check (${sentence.timestamp}).`,
    );
  }
  return tasks;
}

// Study tasks on the lecture's terms: how a term works where the lecture says so, what it is where the lecture
// defines it, and, for the best remaining terms, a definition to write from memory.
function termTasks(analysis: TranscriptAnalysis, count: number): string[] {
  const defined = new Map(
    definitions(analysis, 12).map((definition) => [definition.term.toLowerCase(), definition]),
  );
  const terms = keyTerms(analysis).filter((term) => !term.fullForm && !namesCourseBusiness(term.text));
  const covered = new Set<KeyTerm>();
  const tasks: Array<{ text: string; at: number }> = [];
  const task = (term: KeyTerm, text: string | null, sentence: Sentence | undefined) => {
    if (text === null || !sentence || tasks.length >= count || covered.has(term)) return;
    covered.add(term);
    tasks.push({ text: `${text} (${sentence.timestamp}).`, at: sentence.index });
  };
  for (const term of terms) {
    const how = howClause(analysis, term);
    if (how) task(term, `Explain in your own words how ${how.clause}`, how.sentence);
    const definition = defined.get(term.text.toLowerCase());
    if (definition)
      task(
        term,
        `Explain in your own words what ${definition.termWithArticle} ${copula(definition)}`,
        definition.sentence,
      );
  }
  // Named phrases ("the Schlieffen Plan") before single words ("France"), which say less about what to revise.
  const phrasesFirst = [
    ...terms.filter((term) => term.text.includes(' ')),
    ...terms.filter((term) => !term.text.includes(' ')),
  ];
  for (const term of phrasesFirst) {
    const mentions = new Set(term.occurrences.map((occurrence) => occurrence.sentence));
    if (mentions.size < Math.min(2, mentionsNeeded(term))) continue;
    task(
      term,
      `Write down from memory what the lecture says about ${term.definite ? 'the ' : ''}${term.text}, then check it against the video`,
      analysis.sentences[term.occurrences[0]?.sentence ?? 0],
    );
  }
  return tasks.sort((a, b) => a.at - b.at).map((item) => item.text);
}

function prose(sentences: readonly Sentence[]): string {
  return sentences.map((sentence) => sentence.text).join(' ');
}
