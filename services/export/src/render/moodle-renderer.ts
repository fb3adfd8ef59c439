import { escapeHtml } from '@lectern/contracts';
import {
  questionName,
  quizHeading,
  RIGHT_FEEDBACK,
  wrongFeedback,
  type QuizSheet,
  type SheetQuestion,
} from './quiz-sheet';
import { ChunkWriter } from './stream-writer';

// The quiz in Moodle XML, the format Moodle's question bank imports and exports (question/format/xml): a
// `<quiz>` of `<question>` elements, UTF-8.
//
// - A choice question is `type="multichoice"` with one right answer (`<single>true</single>`, fraction 100,
//   the others 0), its options shuffled and lettered (`abc`), each with its feedback: "Right." or where in the
//   lecture to look again.
// - A short-answer question is `type="shortanswer"`, its model answer the one accepted answer (fraction 100,
//   case ignored). Moodle compares what a student types with the answer's text itself, so the answer is plain
//   text (`format="plain_text"`), its `*` (Moodle's wildcard) escaped.
// - Every other text is HTML (`format="html"`), escaped and held in CDATA: the question, the feedback, and
//   the general feedback, which gives the explanation and the moment with a link to the video at that second.
//
// A comment before `<quiz>` names the video, and says so when the offline engine wrote the quiz.

/** Text in CDATA: `]]>` cannot end the section early (escaped HTML holds none, but the rule is kept whole). */
function cdata(text: string): string {
  return `<![CDATA[${text.replace(/\]\]>/gu, ']]]]><![CDATA[>')}]]>`;
}

/** Text as XML character data: only `&` and `<` (and `>`, for `]]>`) have a meaning there. */
function xmlText(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

const html = (text: string): string => `<text>${cdata(text)}</text>`;

function htmlElement(name: string, content: string, indent: string): string {
  return `${indent}<${name} format="html">${html(content)}</${name}>`;
}

function generalFeedback(question: SheetQuestion): string {
  const stamp = escapeHtml(`[${question.stamp}]`);
  const moment =
    question.momentUrl === null ? stamp : `<a href="${escapeHtml(question.momentUrl)}">${stamp}</a>`;
  return `<p>${escapeHtml(question.explanation)}</p><p>Moment: ${moment}</p>`;
}

function answerElement(fraction: number, text: string, feedback: string, format: string): string[] {
  return [
    `    <answer fraction="${fraction}" format="${format}">`,
    `      <text>${text}</text>`,
    htmlElement('feedback', `<p>${escapeHtml(feedback)}</p>`, '      '),
    '    </answer>',
  ];
}

function choiceParts(question: SheetQuestion): string[] {
  return [
    '    <single>true</single>',
    '    <shuffleanswers>true</shuffleanswers>',
    '    <answernumbering>abc</answernumbering>',
    '    <shownumcorrect/>',
    htmlElement('correctfeedback', '', '    '),
    htmlElement('partiallycorrectfeedback', '', '    '),
    htmlElement('incorrectfeedback', '', '    '),
    ...question.options.flatMap((option, index) =>
      index === question.right
        ? answerElement(100, cdata(escapeHtml(option)), RIGHT_FEEDBACK, 'html')
        : answerElement(0, cdata(escapeHtml(option)), wrongFeedback(question), 'html'),
    ),
  ];
}

function shortParts(question: SheetQuestion): string[] {
  return [
    '    <usecase>0</usecase>',
    ...answerElement(100, xmlText(question.answer.replace(/\*/gu, '\\*')), RIGHT_FEEDBACK, 'plain_text'),
  ];
}

export function moodleQuestion(question: SheetQuestion): string {
  const type = question.kind === 'choice' ? 'multichoice' : 'shortanswer';
  return [
    `  <question type="${type}">`,
    `    <name><text>${xmlText(questionName(question))}</text></name>`,
    htmlElement('questiontext', `<p>${escapeHtml(question.prompt)}</p>`, '    '),
    htmlElement('generalfeedback', generalFeedback(question), '    '),
    '    <defaultgrade>1</defaultgrade>',
    '    <penalty>0.3333333</penalty>',
    '    <hidden>0</hidden>',
    ...(question.kind === 'choice' ? choiceParts(question) : shortParts(question)),
    '  </question>',
  ].join('\n');
}

/** An XML comment's text: `--` may not appear in one. */
function comment(text: string): string {
  return `<!-- ${text.replace(/-{2,}/gu, '-')} -->`;
}

export async function renderMoodleXml(quiz: QuizSheet, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(
    `<?xml version="1.0" encoding="UTF-8"?>\n${quizHeading(quiz).map(comment).join('\n')}\n<quiz>\n`,
  );
  for (const question of quiz.questions) await out.write(`${moodleQuestion(question)}\n`);
  await out.write('</quiz>\n');
  await out.end();
}
