import { parseOutline, parseQuiz, type FeatureType, type SummaryLength } from '@lectern/contracts';
import {
  countSentences,
  headings,
  paragraphs,
  parseFlashcards,
  parseNumberedSteps,
  parseTimestampedBullets,
  parseTweets,
  section,
} from '@lectern/offline-engine';

/** The least each feature's Markdown must hold; a test may ask for more where its source is known to give it. */
export interface ShapeMinimums {
  insights: number;
  flashcards: number;
  tweets: number;
  blogSections: number;
  actionSteps: number;
  outlineSections: number;
  quizQuestions: number;
}

export const PRODUCT_MINIMUMS: ShapeMinimums = {
  insights: 3,
  flashcards: 5,
  tweets: 3,
  blogSections: 2,
  actionSteps: 3,
  outlineSections: 3,
  quizQuestions: 3,
};

/** Checks the Markdown the study tools render: sentence counts, bullets, cards, Cornell sections, tweets. */
export function expectFeatureShape(
  feature: FeatureType,
  length: SummaryLength | null,
  text: string,
  minimums: ShapeMinimums = PRODUCT_MINIMUMS,
): void {
  switch (feature) {
    case 'summary':
      if (length === 'micro') expect(countSentences(text)).toBeLessThanOrEqual(2);
      if (length === 'short') expect(paragraphs(text)).toHaveLength(1);
      if (length === 'detailed') expect(paragraphs(text).length).toBeGreaterThanOrEqual(3);
      return;
    case 'insights':
      expect(parseTimestampedBullets(text).length).toBeGreaterThanOrEqual(minimums.insights);
      return;
    case 'flashcards':
      expect(parseFlashcards(text).length).toBeGreaterThanOrEqual(minimums.flashcards);
      return;
    case 'cornell_notes':
      for (const name of ['Cues', 'Notes', 'Summary']) expect(section(text, name)).toBeTruthy();
      return;
    case 'outline': {
      const { sections } = parseOutline(text);
      expect(sections.length).toBeGreaterThanOrEqual(minimums.outlineSections);
      for (const part of sections) expect(part.points.length).toBeGreaterThanOrEqual(1);
      return;
    }
    case 'quiz':
      expect(parseQuiz(text).length).toBeGreaterThanOrEqual(minimums.quizQuestions);
      return;
    case 'tweet':
      for (const tweet of parseTweets(text)) expect(tweet.text.length).toBeLessThanOrEqual(280);
      expect(parseTweets(text).length).toBeGreaterThanOrEqual(minimums.tweets);
      return;
    case 'blog':
      expect(headings(text, 1)).toHaveLength(1);
      expect(headings(text, 2).length).toBeGreaterThanOrEqual(minimums.blogSections);
      return;
    case 'action_plan':
      expect(parseNumberedSteps(text).length).toBeGreaterThanOrEqual(minimums.actionSteps);
      return;
  }
}
