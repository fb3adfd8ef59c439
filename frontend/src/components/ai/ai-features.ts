import type { FeatureType, SummaryLength } from '@lectern/contracts';

export interface AiFeature {
  type: FeatureType;
  label: string;
  description: string;
}

export const STUDY_FEATURES: readonly AiFeature[] = [
  { type: 'insights', label: 'Key Insights', description: 'The main ideas and takeaways, point by point.' },
  { type: 'flashcards', label: 'Flashcards', description: 'Question and answer cards to test yourself.' },
  {
    type: 'cornell_notes',
    label: 'Cornell Notes',
    description: 'Cues, notes and a summary in the Cornell format.',
  },
  {
    type: 'outline',
    label: 'Outline',
    description: 'The lecture’s chapters and key points, for the chapter list and the mind map.',
  },
  {
    type: 'quiz',
    label: 'Quiz',
    description: 'Questions to test yourself, each tied to the moment that teaches it.',
  },
];

export const CREATE_FEATURES: readonly AiFeature[] = [
  { type: 'tweet', label: 'Tweet Thread', description: 'A thread that shares the video’s best points.' },
  { type: 'blog', label: 'Blog Post', description: 'A readable article built from the transcript.' },
  {
    type: 'action_plan',
    label: 'Action Plan',
    description: 'Concrete steps to put the video into practice.',
  },
];

export { FEATURE_LABELS } from '@lectern/contracts';

export const SUMMARY_LENGTH_LABELS: Record<SummaryLength, string> = {
  micro: 'Micro (1-2 sentences)',
  short: 'Short (1 paragraph)',
  detailed: 'Detailed (multiple paragraphs)',
};
