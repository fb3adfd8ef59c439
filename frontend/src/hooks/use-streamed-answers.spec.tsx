import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAiContent, useGenerateAiContent } from '@/hooks/use-ai-content';
import { useAskQuestion, useQuestions } from '@/hooks/use-questions';
import { useUsage } from '@/hooks/use-usage';
import { createQueryClient } from '@/lib/query-client';

/** A gateway whose stream ends in an `error` event although the result was stored and counted after all. */
function stubGateway(listPath: string) {
  const stored = { id: 'stored-1' };
  let listed = 0;
  let usageAsked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === listPath) {
        listed += 1;
        return Promise.resolve(Response.json(listed === 1 ? [] : [stored]));
      }
      if (url === '/api/usage') {
        usageAsked += 1;
        return Promise.resolve(Response.json({ used: usageAsked }));
      }
      return Promise.resolve(
        new Response(
          'event: delta\ndata: {"text":"Par"}\n\nevent: error\ndata: {"message":"Lectern is restarting."}\n\n',
          {
            status: 200,
            headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
          },
        ),
      );
    }),
  );
  return { stored, usageAsked: () => usageAsked };
}

function wrapperWith(client = createQueryClient()) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('a streamed answer that fails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reloads the AI content and the usage: the item may have been stored', async () => {
    const gateway = stubGateway('/api/ai/content/v1');
    const { result } = renderHook(
      () => ({ list: useAiContent('v1'), usage: useUsage(), generate: useGenerateAiContent('v1') }),
      { wrapper: wrapperWith() },
    );
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    await waitFor(() => expect(result.current.usage.data).toEqual({ used: 1 }));
    act(() => result.current.generate.mutate({ type: 'summary', summaryLength: 'short' }));
    await waitFor(() => expect(result.current.generate.isError).toBe(true));
    await waitFor(() => expect(result.current.list.data).toEqual([gateway.stored]));
    await waitFor(() => expect(result.current.usage.data).toEqual({ used: 2 }));
  });

  it('reloads the questions and the usage: the answer may have been stored', async () => {
    const gateway = stubGateway('/api/ai/questions/v1');
    const { result } = renderHook(
      () => ({
        list: useQuestions({ videoId: 'v1' }),
        usage: useUsage(),
        ask: useAskQuestion({ videoId: 'v1' }),
      }),
      { wrapper: wrapperWith() },
    );
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    await waitFor(() => expect(result.current.usage.data).toEqual({ used: 1 }));
    act(() => result.current.ask.mutate('What is a cell?'));
    await waitFor(() => expect(result.current.ask.isError).toBe(true));
    await waitFor(() => expect(result.current.list.data).toEqual([gateway.stored]));
    await waitFor(() => expect(result.current.usage.data).toEqual({ used: 2 }));
  });
});
