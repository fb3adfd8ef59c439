import {
  COURSE_NOT_COVERED_ANSWER,
  NOT_COVERED_ANSWER,
  OFFLINE_MATERIAL_NOTICE,
  WRITTEN_MATERIAL_HINT,
  type AiContentItem,
  type AiQuestion,
} from '@lectern/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AiResultCard } from '@/components/ai/ai-result-card';
import { CitedAnswer } from '@/components/ai/ask/cited-answer';
import { QuestionItem } from '@/components/ai/ask/question-item';

const videoAnswer = (text: string) => <CitedAnswer videoId="v1" text={text} />;

const summary = (engine: string, model: string): AiContentItem => ({
  id: 'a1',
  videoId: 'v1',
  featureType: 'summary',
  summaryLength: 'short',
  outputText: 'Plants turn light into sugar.',
  engine,
  model,
  createdAt: '2026-03-04T05:06:07Z',
});

const question = (engine: string, model: string): AiQuestion => ({
  id: 'q1',
  question: 'What do plants make?',
  answer: 'Sugar, from light [0:42].',
  citations: [{ start: 42, text: 'Plants make sugar from light.' }],
  engine,
  model,
  createdAt: '2026-03-04T05:06:07Z',
});

const noop = (): void => undefined;

describe('the offline material notice', () => {
  it('labels a result the offline engine wrote, in text a screen reader reads', () => {
    render(
      <AiResultCard item={summary('offline', 'lectern-extractive-1')} busy={false} onRegenerate={noop} />,
    );
    const notice = screen.getByRole('note', { name: 'About this material' });
    expect(notice).toHaveTextContent(OFFLINE_MATERIAL_NOTICE);
    expect(notice).toHaveTextContent(WRITTEN_MATERIAL_HINT);
  });

  it('leaves a result written by a model unlabelled', () => {
    render(<AiResultCard item={summary('openai', 'gpt-4o-mini')} busy={false} onRegenerate={noop} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(OFFLINE_MATERIAL_NOTICE)).toBeNull();
  });

  it('labels an answer the offline engine wrote, and not one a model wrote', () => {
    const { unmount } = render(
      <MemoryRouter>
        <QuestionItem
          item={question('offline', 'lectern-extractive-1')}
          deleting={false}
          renderAnswer={videoAnswer}
          onDelete={noop}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note', { name: 'About this material' })).toHaveTextContent(
      OFFLINE_MATERIAL_NOTICE,
    );
    unmount();
    render(
      <MemoryRouter>
        <QuestionItem
          item={question('openai', 'gpt-4o-mini')}
          deleting={false}
          renderAnswer={videoAnswer}
          onDelete={noop}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it.each([NOT_COVERED_ANSWER, COURSE_NOT_COVERED_ANSWER])(
    'leaves the offline engine’s decline "%s" unlabelled: it quotes no passage',
    (decline) => {
      const declined = { ...question('offline', 'lectern-extractive-1'), answer: decline, citations: [] };
      render(
        <MemoryRouter>
          <QuestionItem item={declined} deleting={false} renderAnswer={videoAnswer} onDelete={noop} />
        </MemoryRouter>,
      );
      expect(screen.getByText(decline)).toBeInTheDocument();
      expect(screen.queryByRole('note')).toBeNull();
    },
  );
});
