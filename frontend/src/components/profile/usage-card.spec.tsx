import type { UsageStats } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageCard } from '@/components/profile/usage-card';
import { createQueryClient } from '@/lib/query-client';

const usage = (transcriptionMinutes: UsageStats['transcriptionMinutes']): UsageStats => ({
  month: '2026-11',
  videosAnalyzed: { used: 2, limit: null },
  aiGenerations: { used: 5, limit: null },
  notesCreated: 1,
  aiQuestions: { used: 3, limit: null },
  transcriptionMinutes,
});

function renderCard(stats: UsageStats) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(stats), { status: 200 }))),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsageCard />
    </QueryClientProvider>,
  );
}

describe('usage of transcription minutes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the minutes transcribed this month against the plan’s allowance', async () => {
    renderCard(usage({ used: 47, limit: 600 }));
    const label = await screen.findByText('Minutes transcribed');
    expect(label.nextElementSibling).toHaveTextContent('47 of 600');
  });

  it('says nothing of them on a plan without any, none used', async () => {
    renderCard(usage({ used: 0, limit: 0 }));
    await screen.findByText('Notes created');
    expect(screen.queryByText('Minutes transcribed')).not.toBeInTheDocument();
  });
});
