import { OFFLINE_MATERIAL_NOTICE, writeQuiz } from '@lectern/contracts';
import { QUIZ_QUESTIONS } from '@lectern/contracts/testing';
import { quizDocument } from './fixtures/quiz';
import { readMoodleXml, type MoodleQuestion } from './helpers/quiz-readers';
import { renderToBuffer } from './helpers/render-to-buffer';

// The Moodle XML export checked by fast-xml-parser, a strict XML reader Lectern did not write: well-formed,
// and shaped as Moodle's importer (question/format/xml) reads it: the question types, one right option worth
// 100 and the others 0, the texts and their formats, the moment's link in the general feedback.

const WATCH = 'https://www.youtube.com/watch?v=abc123XYZ_-';

async function moodleOf(outputText?: string, engine?: string) {
  const xml = (await renderToBuffer(quizDocument(outputText, engine), 'moodle')).toString('utf8');
  return { xml, questions: readMoodleXml(xml) };
}

const fractions = (question: MoodleQuestion | undefined) =>
  (question?.answer ?? []).map((answer) => Number(answer['@_fraction']));

describe('the Moodle XML export', () => {
  it('is well-formed XML in UTF-8: a quiz with one question per quiz question, of Moodle’s types', async () => {
    const { xml, questions } = await moodleOf();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(questions.map((question) => [question['@_type'], question.name.text])).toEqual([
      ['multichoice', 'Q1 [0:22]'],
      ['multichoice', 'Q2 [1:02:05]'],
      ['shortanswer', 'Q3 [0:37]'],
    ]);
  });

  it('gives a choice question one right option worth 100 (the others 0), shuffled and lettered', async () => {
    const { questions } = await moodleOf();
    for (const [index, question] of questions.slice(0, 2).entries()) {
      expect(question).toMatchObject({ single: 'true', shuffleanswers: 'true', answernumbering: 'abc' });
      expect(fractions(question).sort((a, b) => b - a)).toEqual([100, 0, 0, 0]);
      expect(fractions(question).reduce((sum, fraction) => sum + fraction, 0)).toBe(100);
      const right = question.answer.find((answer) => answer['@_fraction'] === '100');
      const asked = QUIZ_QUESTIONS[index];
      expect(right?.text).toBe(`${asked?.answer.replace(/&/gu, '&amp;').replace(/</gu, '&lt;')}`);
      expect(right?.feedback.text).toBe('<p>Right.</p>');
      for (const wrong of question.answer.filter((answer) => answer !== right))
        expect(wrong.feedback.text).toMatch(
          /^<p>Not this one: the lecture explains it at \[[\d:]+\]\.<\/p>$/u,
        );
    }
  });

  it('keeps the texts as HTML, escaped, and every rich text marked html', async () => {
    const { questions } = await moodleOf();
    const second = questions[1];
    expect(second?.questiontext).toEqual({
      '@_format': 'html',
      text: '<p>In {set} notation, which holds: a = b ~ c # d, or x: y\\z?</p>',
    });
    expect(second?.answer.map((answer) => answer.text)).toEqual([
      'a = b ~ c # d',
      'x: y\\z',
      '{ } only',
      '3 &lt; 5 &amp; 4 &gt; 2',
    ]);
    const formats = questions.flatMap((question) => [
      question.questiontext['@_format'],
      question.generalfeedback['@_format'],
      ...question.answer.map((answer) => answer.feedback['@_format']),
      ...(question['@_type'] === 'multichoice' ? question.answer.map((answer) => answer['@_format']) : []),
    ]);
    expect(new Set(formats)).toEqual(new Set(['html']));
  });

  it('gives the explanation and the moment linked to the video as the general feedback', async () => {
    const { questions } = await moodleOf();
    expect(questions[1]?.generalfeedback.text).toBe(
      '<p>Only x: y\\z holds [1:02:05], because {set} &amp; &lt;tags&gt; say so.</p>' +
        `<p>Moment: <a href="${WATCH}&amp;t=3725s">[1:02:05]</a></p>`,
    );
  });

  it('accepts the model answer of a short-answer question as written, Moodle’s wildcard escaped', async () => {
    const { questions } = await moodleOf();
    const short = questions[2];
    expect(short?.usecase).toBe('0');
    expect(short?.answer.map((answer) => [answer['@_fraction'], answer['@_format'], answer.text])).toEqual([
      ['100', 'plain_text', '潮汐能 \\*tidal\\* energy'],
    ]);
  });

  it('stays well-formed whatever the quiz holds: XML’s own characters and CDATA’s end', async () => {
    const nasty = ']]> <![CDATA[ & <quiz> "\' --';
    const { questions } = await moodleOf(
      writeQuiz([
        {
          kind: 'choice',
          prompt: `${nasty}?`,
          options: [`${nasty} one`, 'two', 'three', 'four'],
          answer: 'two',
          explanation: `${nasty}.`,
          moment: { start: 5 },
        },
        { kind: 'short', prompt: 'Say it', answer: nasty, explanation: 'So.', moment: { start: 6 } },
      ]),
    );
    expect(questions).toHaveLength(2);
    expect(questions[0]?.questiontext.text).toBe(
      '<p>]]&gt; &lt;![CDATA[ &amp; &lt;quiz&gt; &quot;&#39; --?</p>',
    );
    expect(questions[1]?.answer[0]?.text).toBe(nasty);
  });

  it('names the video in a comment, and says so when the offline engine wrote the quiz', async () => {
    expect((await moodleOf()).xml.split('\n')[1]).toBe(
      '<!-- Quiz of "Tides 🌊 and the Moon: Приливы, 潮汐, المد", exported from Lectern -->',
    );
    const offline = await moodleOf(undefined, 'offline');
    expect(offline.xml.split('\n')[2]).toBe(`<!-- ${OFFLINE_MATERIAL_NOTICE} -->`);
  });
});
