import type { TranscriptSegment } from '@lectern/contracts';
import { parseFlashcards } from '../writing/markdown-shapes';
import { writeFlashcards } from '../writing/study-writers';
import { findExplainedNaming } from './sentence-patterns';
import { analyseTranscript } from './transcript-analysis';

// A TEDx talk on learning with AI, as Whisper wrote it (bench/lectures/real): the talk names its terms at the end
// of a sentence and says what they are in the statement after, or after a short one.
const TALK = `Our job as user experience designers is to simplify the way people use technology.
But there's a byproduct from that that arises, which is called a dark pattern.
And what that means is, we can simplify a UX to the point that we might manipulate what the user's intention is.
And I'll show you an example.
But what the same author of, when co-pilot becomes autopilot, advocates for is something called productive resistance.
And we haven't yet found what that is.
It's essentially the amount of resistance an AI should give you before you either leave it or go to a simpler AI so that you can do that cognitive off-roading that is so tempting.
They sell lessons in a place called Athens.
It is a city of many teachers and more students.`;

const segments: TranscriptSegment[] = TALK.split('\n').map((text, index) => ({ text, start: index * 5 }));

describe('a term named at the end of a sentence and explained after it', () => {
  const analysis = analyseTranscript(segments);
  const explained = analysis.sentences
    .map((sentence) => findExplainedNaming(analysis, sentence))
    .filter((definition) => definition !== null);

  it('is defined by the statement that explains it, its opener giving way to the name, even after a short statement between', () => {
    expect(explained.map((definition) => [definition.termWithArticle, definition.answer])).toEqual([
      [
        'a dark pattern',
        "A dark pattern means we can simplify a UX to the point that we might manipulate what the user's intention is.",
      ],
      [
        'productive resistance',
        'Productive resistance is essentially the amount of resistance an AI should give you before you either leave it or go to a simpler AI so that you can do that cognitive off-roading that is so tempting.',
      ],
    ]);
  });

  it('makes flashcards on the terms, never on a name the next sentence does not explain ("Athens")', () => {
    const questions = parseFlashcards(writeFlashcards(analysis)).map((card) => card.question);
    expect(questions).toEqual(
      expect.arrayContaining(['What is a dark pattern?', 'What is productive resistance?']),
    );
    expect(questions.join('\n')).not.toMatch(/What is Athens/);
  });
});
