import { TWEET_MAX_CHARS } from '../markdown-shapes';
import { adviceStep } from './sentence-patterns';
import { definitions, detailedParagraphs, insightCount, partCount } from './study-writers';
import { hashtag, joinNatural, titleCase, truncateAtWord } from './text-style';
import {
  pickAcross,
  pickDiverse,
  rankWithin,
  sections,
  type Sentence,
  type TranscriptAnalysis,
} from './transcript-analysis';

// Tweet thread, blog post and action plan, in the Markdown structures of feature-prompts.ts.

function lectureTitle(analysis: TranscriptAnalysis, title: string | null): string {
  const given = title?.replace(/\s+/g, ' ').trim();
  if (given) return given;
  const topic = analysis.keyPhrases[0];
  return topic ? `Notes on ${titleCase(topic.text)}` : 'Lecture notes';
}

export function writeTweetThread(analysis: TranscriptAnalysis, title: string | null): string {
  const body = pickAcross(analysis, {
    count: Math.min(8, insightCount(analysis) - 1),
    maxSimilarity: 0.35,
    minWords: 7,
    maxWords: 40,
  });
  const topics = analysis.keyPhrases.slice(0, 3).map((phrase) => phrase.text);
  const hook = `What I learned from “${lectureTitle(analysis, title)}”${topics.length > 0 ? `: ${joinNatural(topics)}` : ''}. A thread 🧵`;
  const tags = analysis.keyPhrases
    .slice(0, 4)
    .map((phrase) => hashtag(phrase.text))
    .filter((tag) => tag.length > 1);
  const closing =
    body.length > 0
      ? `That's the lecture in ${body.length} ideas. Which one will you try first?${tags.length > 0 ? ` ${tags.join(' ')}` : ''}`
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
  const intro = pickDiverse(analysis.ranked, { count: 2, maxSimilarity: 0.35 });
  const used = new Set(intro.map((sentence) => sentence.index));
  const lines = [
    `# ${lectureTitle(analysis, title)}`,
    '',
    prose(intro) || detailedParagraphs(analysis, 3)[0] || '',
  ];
  const usedHeadings = new Set<string>();
  sections(analysis, partCount(analysis, 5)).forEach((part, index) => {
    const chosen = pickDiverse(rankWithin(part), {
      count: 3,
      maxSimilarity: 0.4,
      minWords: 5,
      accept: (sentence) => !used.has(sentence.index),
    });
    if (chosen.length === 0) return;
    chosen.forEach((sentence) => used.add(sentence.index));
    lines.push(
      '',
      `## ${sectionHeading(analysis, part, usedHeadings) ?? `Part ${index + 1}`}`,
      '',
      prose(chosen),
    );
  });
  const takeaways = takeawayLines(analysis, used);
  if (takeaways.length > 0) lines.push('', '## Key takeaways', '', ...takeaways.map((line) => `- ${line}`));
  return lines.join('\n');
}

// The key phrase a part of the lecture talks about most, as its heading.
function sectionHeading(
  analysis: TranscriptAnalysis,
  part: readonly Sentence[],
  used: Set<string>,
): string | null {
  const counts = new Map<number, number>();
  for (const sentence of part) {
    for (const hit of sentence.phrases) counts.set(hit.phrase, (counts.get(hit.phrase) ?? 0) + 1);
  }
  let best: { text: string; weight: number } | null = null;
  for (const [id, count] of counts) {
    const phrase = analysis.phraseById[id];
    if (!phrase || phrase.score <= 0 || count < 2) continue;
    const key = phrase.text.toLowerCase();
    if (used.has(key)) continue;
    const weight = count * phrase.score;
    if (!best || weight > best.weight) best = { text: phrase.text, weight };
  }
  if (!best) return null;
  used.add(best.text.toLowerCase());
  return titleCase(best.text);
}

function takeawayLines(analysis: TranscriptAnalysis, used: Set<number>): string[] {
  const advice = actionSteps(analysis, 4).map((item) => item.text);
  if (advice.length >= 3) return advice;
  return pickDiverse(analysis.ranked, {
    count: 4,
    maxSimilarity: 0.35,
    accept: (sentence) => !used.has(sentence.index),
  }).map((sentence) => sentence.text);
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

export function writeActionPlan(analysis: TranscriptAnalysis): string {
  const steps = actionSteps(analysis, 8).map((step) => `${step.text} (${step.sentence.timestamp})`);
  // Lectures with little explicit advice still get a plan: review what they define, where they define it.
  for (const definition of definitions(analysis, 8)) {
    if (steps.length >= 4) break;
    steps.push(
      `Review ${definition.term} and explain it in your own words (${definition.sentence.timestamp}).`,
    );
  }
  for (const phrase of analysis.keyPhrases) {
    if (steps.length >= 4) break;
    const sentence = analysis.sentences[phrase.firstSentence];
    if (sentence) steps.push(`Revisit what the video says about ${phrase.text} (${sentence.timestamp}).`);
  }
  if (steps.length === 0) steps.push('Watch the video again and write down its main idea in one sentence.');
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}

function prose(sentences: readonly Sentence[]): string {
  return sentences.map((sentence) => sentence.text).join(' ');
}
