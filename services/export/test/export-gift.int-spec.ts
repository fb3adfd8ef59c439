import { OFFLINE_MATERIAL_NOTICE, writeQuiz } from '@lectern/contracts';
import { QUIZ_QUESTIONS } from '@lectern/contracts/testing';
import { quizDocument } from './fixtures/quiz';
import { readGift, withChoices } from './helpers/quiz-readers';
import { renderToBuffer } from './helpers/render-to-buffer';

// The GIFT export read back by gift-pegjs, a GIFT parser Lectern did not write (the grammar of Moodle's
// format): one question per quiz question, the right type, one right option, every text as the quiz has it.

const WATCH = 'https://www.youtube.com/watch?v=abc123XYZ_-';

async function giftOf(outputText?: string, engine?: string) {
  const file = (await renderToBuffer(quizDocument(outputText, engine), 'gift')).toString('utf8');
  return { file, questions: readGift(file) };
}

describe('the GIFT export', () => {
  it('holds one question per quiz question: multiple choice and short answer, titled with number and moment', async () => {
    const { questions } = await giftOf();
    expect(questions.map((question) => [question.type, 'title' in question ? question.title : null])).toEqual(
      [
        ['MC', 'Q1 [0:22]'],
        ['MC', 'Q2 [1:02:05]'],
        ['Short', 'Q3 [0:37]'],
      ],
    );
  });

  it('keeps every text as written, GIFT’s special characters escaped and read back whole', async () => {
    const { questions } = await giftOf();
    expect(questions.map((question) => withChoices(question).stem)).toEqual(
      QUIZ_QUESTIONS.map((question) => ({ format: 'plain', text: question.prompt })),
    );
    expect(withChoices(questions[1]).choices.map((choice) => choice.text.text)).toEqual([
      'a = b ~ c # d',
      'x: y\\z',
      '{ } only',
      '3 < 5 & 4 > 2',
    ]);
    expect(withChoices(questions[2]).choices.map((choice) => choice.text.text)).toEqual([
      '潮汐能 *tidal* energy',
    ]);
  });

  it('marks exactly the one right option of a choice question, with feedback for each option', async () => {
    const { questions } = await giftOf();
    QUIZ_QUESTIONS.forEach((asked, index) => {
      const choices = withChoices(questions[index]).choices;
      expect(choices.filter((choice) => choice.isCorrect).map((choice) => choice.text.text)).toEqual([
        asked.answer,
      ]);
      for (const choice of choices) {
        expect(choice.feedback?.text).toEqual(
          choice.isCorrect ? 'Right.' : expect.stringMatching(/^Not this one: .* at \[[\d:]+\]\.$/u),
        );
      }
    });
  });

  it('gives the explanation and the moment with its link as the general feedback', async () => {
    const { questions } = await giftOf();
    expect(questions.map((question) => withChoices(question).globalFeedback?.text)).toEqual([
      `${QUIZ_QUESTIONS[0]?.explanation} Moment: [0:22] ${WATCH}&t=22s`,
      `${QUIZ_QUESTIONS[1]?.explanation} Moment: [1:02:05] ${WATCH}&t=3725s`,
      `${QUIZ_QUESTIONS[2]?.explanation} Moment: [0:37] ${WATCH}&t=37s`,
    ]);
  });

  it('keeps any text whole, whatever GIFT characters it holds', async () => {
    const nasty = ['::', '{=', '~=#', '\\', 'a\\:b', '}{', '#### x', '// not a comment', '=~', 'x\\'];
    const drafts = nasty.map((text, index) => ({
      kind: 'choice' as const,
      prompt: `${text} prompt ${index}`,
      options: [`${text} one`, `two ${text}`, `th${text}ree`, `four ${index}`],
      answer: `two ${text}`,
      explanation: `Because ${text}.`,
      moment: { start: index },
    }));
    const { questions } = await giftOf(writeQuiz(drafts));
    expect(questions).toHaveLength(drafts.length);
    questions.forEach((question, index) => {
      const draft = drafts[index];
      const read = withChoices(question);
      expect(read.stem.text).toBe(draft?.prompt);
      expect(read.choices.map((choice) => choice.text.text)).toEqual(draft?.options);
      expect(read.choices.find((choice) => choice.isCorrect)?.text.text).toBe(draft?.answer);
      expect(read.globalFeedback?.text.startsWith(`Because ${nasty[index]}. Moment:`)).toBe(true);
    });
  });

  it('names the video in a comment, and says so when the offline engine wrote the quiz', async () => {
    expect((await giftOf()).file.split('\n')[0]).toBe(
      '// Quiz of "Tides 🌊 and the Moon: Приливы, 潮汐, المد", exported from Lectern',
    );
    const offline = await giftOf(undefined, 'offline');
    expect(offline.file.split('\n')[1]).toBe(`// ${OFFLINE_MATERIAL_NOTICE}`);
    expect(offline.questions).toHaveLength(3);
  });
});
