import { NO_COURSE_CARDS_TO_EXPORT, type User } from '@lectern/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { CourseExportMenu } from '@/components/courses/course-export-menu';
import { createQueryClient } from '@/lib/query-client';
import { getToasts } from '@/lib/toast-store';
import { courseLecture } from '@/test/course-lecture';
import { captureDownloads } from '@/test/downloads';

const user = (plan: User['plan']): User => ({
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan,
  role: 'user',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
});

const COURSE = { id: 'c 1', title: 'Oceans: Week 1', lectures: [courseLecture(1), courseLecture(2)] };

function renderMenu(plan: User['plan'], course = COURSE) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user(plan));
  render(
    <QueryClientProvider client={client}>
      <CourseExportMenu course={course} />
    </QueryClientProvider>,
  );
}

async function menuItems() {
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  return (await screen.findAllByRole('menuitem')).map((item) => ({
    name: item.textContent,
    disabled: item.getAttribute('aria-disabled') === 'true',
  }));
}

describe("the course page's export menu", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers Markdown on the Free plan and locks PDF, DOCX and the Anki deck as Pro', async () => {
    renderMenu('free');
    expect(await menuItems()).toEqual([
      { name: 'Markdown (.md)', disabled: false },
      { name: 'PDFPro', disabled: true },
      { name: 'DOCXPro', disabled: true },
      { name: 'Anki deck (.apkg)Pro', disabled: true },
    ]);
  });

  it('downloads the Anki deck named from the course for Pro', async () => {
    const { fetchMock, names } = captureDownloads(new Response('apkg bytes', { status: 200 }));
    renderMenu('pro');
    const items = await menuItems();
    expect(items.every((item) => !item.disabled)).toBe(true);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Anki deck (.apkg)' }));
    await waitFor(() => expect(names).toEqual(['Oceans__Week_1.apkg']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/courses/c%201/export/apkg');
  });

  it('tells why a course has nothing to export yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(Response.json({ message: NO_COURSE_CARDS_TO_EXPORT }, { status: 422 })),
    );
    renderMenu('pro');
    await menuItems();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Anki deck (.apkg)' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Export failed',
        description: NO_COURSE_CARDS_TO_EXPORT,
        variant: 'destructive',
      }),
    );
  });

  it('is not shown before a lecture is in the library', () => {
    renderMenu('pro', {
      ...COURSE,
      lectures: [courseLecture(1, { videoId: null, state: 'waiting' })],
    });
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
