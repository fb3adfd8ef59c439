import type { AiContentItem } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { ExportMenu } from '@/components/video/export-menu';
import { createQueryClient } from '@/lib/query-client';

const flashcards = (
  outputText: string,
  featureType: AiContentItem['featureType'] = 'flashcards',
): AiContentItem => ({
  id: 'a1',
  videoId: 'v1',
  featureType,
  summaryLength: null,
  outputText,
  engine: 'offline',
  model: 'extractive',
  createdAt: '2026-03-04T05:06:07Z',
});

async function menuItems(items: AiContentItem[], isPro: boolean) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.aiContent('v1'), items);
  render(
    <QueryClientProvider client={client}>
      <ExportMenu video={{ id: 'v1', title: 'Tides' }} isPro={isPro} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  return (await screen.findAllByRole('menuitem')).map((item) => ({
    name: item.textContent,
    disabled: item.getAttribute('aria-disabled') === 'true',
  }));
}

describe('the export menu', () => {
  it('offers the Anki deck and the CSV when the video has flashcards', async () => {
    const items = await menuItems([flashcards('Q: What is a tide?\nA: The rise of the sea.')], true);
    expect(items).toEqual([
      { name: 'TXT', disabled: false },
      { name: 'Markdown (.md)', disabled: false },
      { name: 'PDF', disabled: false },
      { name: 'DOCX', disabled: false },
      { name: 'Anki deck (.apkg)', disabled: false },
      { name: 'Flashcards (CSV)', disabled: false },
    ]);
  });

  it('leaves them out when there are no flashcards to export', async () => {
    const items = await menuItems([flashcards('No cards here.')], true);
    expect(items.map((item) => item.name)).toEqual(['TXT', 'Markdown (.md)', 'PDF', 'DOCX']);
  });

  it('offers Markdown on the Free plan, like TXT, and locks the Pro formats', async () => {
    const items = await menuItems([], false);
    expect(items).toEqual([
      { name: 'TXT', disabled: false },
      { name: 'Markdown (.md)', disabled: false },
      { name: 'PDFPro', disabled: true },
      { name: 'DOCXPro', disabled: true },
    ]);
  });

  it('shows them locked with a Pro badge on the Free plan', async () => {
    const items = await menuItems([flashcards('Q: What is a tide?\nA: The rise of the sea.')], false);
    expect(items.slice(4)).toEqual([
      { name: 'Anki deck (.apkg)Pro', disabled: true },
      { name: 'Flashcards (CSV)Pro', disabled: true },
    ]);
  });

  it('offers the quiz in GIFT and Moodle XML, and the Anki deck, when the video has a quiz', async () => {
    const quiz = flashcards(
      '## 1. [0:42] What raises the tides?\n\nA. The Moon\nB. The wind\nC. The Sun alone\nD. Rivers\n\nAnswer: A\nWhy: [0:42] The Moon pulls the sea.',
      'quiz',
    );
    const items = await menuItems([quiz], false);
    expect(items.slice(4)).toEqual([
      { name: 'Anki deck (.apkg)Pro', disabled: true },
      { name: 'Quiz for Moodle (GIFT)Pro', disabled: true },
      { name: 'Quiz for Moodle (XML)Pro', disabled: true },
    ]);
  });
});
