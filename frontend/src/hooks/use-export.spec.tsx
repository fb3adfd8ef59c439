import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExport } from '@/hooks/use-export';
import { createQueryClient } from '@/lib/query-client';
import { getToasts } from '@/lib/toast-store';
import { captureDownloads } from '@/test/downloads';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('export download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the file named from the title, with toasts', async () => {
    const { fetchMock, names } = captureDownloads(new Response('transcript body', { status: 200 }));

    const { result } = renderHook(() => useExport({ id: 'v 1', title: 'Week 3: Cells!' }), { wrapper });
    act(() => result.current.mutate('pdf'));
    expect(getToasts()[0]).toMatchObject({ title: 'Export started', description: 'Preparing PDF export...' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/videos/v%201/export/pdf');
    expect(names).toEqual(['Week_3__Cells_.pdf']);
    expect(getToasts()[0]).toMatchObject({ title: 'Export complete' });
  });

  it('downloads Markdown as a .md file named from the title', async () => {
    const { fetchMock, names } = captureDownloads(
      new Response('---\ntitle: "Cells"\n---\n', { status: 200 }),
    );

    const { result } = renderHook(() => useExport({ id: 'v1', title: 'Week 3: Cells!' }), { wrapper });
    act(() => result.current.mutate('md'));
    expect(getToasts()[0]).toMatchObject({
      title: 'Export started',
      description: 'Preparing Markdown export...',
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/videos/v1/export/md');
    expect(names).toEqual(['Week_3__Cells_.md']);
  });

  it('reports a failed export', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('{"message":"Pro needed"}', { status: 403 })),
    );
    const { result } = renderHook(() => useExport({ id: 'v1', title: null }), { wrapper });
    act(() => result.current.mutate('docx'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(getToasts()[0]).toMatchObject({
      title: 'Export failed',
      description: 'There was an error generating the export file.',
      variant: 'destructive',
    });
  });
});
