import {
  questionName,
  quizHeading,
  RIGHT_FEEDBACK,
  wrongFeedback,
  type QuizSheet,
  type SheetQuestion,
} from './quiz-sheet';
import { ChunkWriter } from './stream-writer';

// The quiz in GIFT, the text format Moodle (and most learning platforms after it) imports questions from,
// UTF-8 with LF line ends, one question a paragraph:
//
//   ::Q1 [2\:15]::[plain]What is the factorial of 3? {
//   =6#Right.
//   ~3#Not this one\: the lecture explains it at [2\:15].
//   ...
//   ####[2\:15] The factorial of 3 is 6. Moment\: [2\:15] https\://www.youtube.com/watch?v\=…&t\=135s
//   }
//
// A short-answer question has its model answer as the one right answer: `{=a base case#Right.####…}`. Each
// wrong option's feedback sends the student back to the moment; the general feedback (`####`) holds the
// explanation and the moment with its link. Every text is one line with GIFT's special characters
// (`~ = # { } :` and the backslash itself) backslash-escaped, so nothing in the quiz can become GIFT syntax,
// and plain (`[plain]`, which Moodle applies to the answers and feedback too): Moodle shows it as written,
// where its default format would take `<b>` in a question for HTML.
// The file starts with comment lines (`//`) naming the video, and saying so when the offline engine wrote it.

const SPECIAL = /[\\~=#{}:]/gu;

export function escapeGift(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().replace(SPECIAL, '\\$&');
}

function generalFeedback(question: SheetQuestion): string {
  const link = question.momentUrl === null ? '' : ` ${question.momentUrl}`;
  return `${question.explanation} Moment: [${question.stamp}]${link}`;
}

export function giftQuestion(question: SheetQuestion): string {
  const answers =
    question.kind === 'choice'
      ? question.options.map((option, index) =>
          index === question.right
            ? `=${escapeGift(option)}#${escapeGift(RIGHT_FEEDBACK)}`
            : `~${escapeGift(option)}#${escapeGift(wrongFeedback(question))}`,
        )
      : [`=${escapeGift(question.answer)}#${escapeGift(RIGHT_FEEDBACK)}`];
  return [
    `::${escapeGift(questionName(question))}::[plain]${escapeGift(question.prompt)} {`,
    ...answers,
    `####${escapeGift(generalFeedback(question))}`,
    '}',
  ].join('\n');
}

export async function renderGift(quiz: QuizSheet, output: NodeJS.WritableStream): Promise<void> {
  const out = new ChunkWriter(output);
  await out.write(
    `${quizHeading(quiz)
      .map((line) => `// ${line}`)
      .join('\n')}\n\n`,
  );
  for (const question of quiz.questions) await out.write(`${giftQuestion(question)}\n\n`);
  await out.end();
}
