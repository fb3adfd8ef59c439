import { exportFileName, formatDuration } from '@lectern/contracts';
import { describe, expect, it } from 'vitest';
import { FREE_AI_GENERATIONS_PER_MONTH, FREE_TRANSCRIPTS_PER_MONTH } from '@/components/pricing/plans';
import { parseFlashcards } from '@lectern/contracts';
import { displayName, formatDate, initialOf, usageText } from '@/lib/format';
import { filterLibrary } from '@/lib/library-search';
import { FREE_PLAN_LIMITS } from '@lectern/contracts';

describe('what the screens display', () => {
  it('formats durations as m:ss, or --:-- when unknown', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(36_000)).toBe('10:00:00');
    expect(formatDuration(null)).toBe('--:--');
  });

  it('names exports from the title, or transcript', () => {
    expect(exportFileName('Intro to C++: part 1', 'pdf')).toBe('Intro_to_C____part_1.pdf');
    expect(exportFileName(null, 'txt')).toBe('transcript.txt');
    expect(exportFileName('   ', 'docx')).toBe('transcript.docx');
  });

  it('shows the name, else the email before the @, and the initial, else U', () => {
    expect(displayName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ name: null, email: 'grace@example.com' })).toBe('grace');
    expect(initialOf({ name: null, email: 'grace@example.com' })).toBe('G');
    expect(initialOf({ name: ' ', email: '' })).toBe('U');
    expect(initialOf(null)).toBe('U');
  });

  it('shows Free limits as "3 of 5", unlimited counts alone', () => {
    expect(usageText(3, 5)).toBe('3 of 5');
    expect(usageText(12, null)).toBe('12');
  });

  it('formats dates, and refuses unreadable ones', () => {
    expect(formatDate('2025-10-24T12:00:00Z')).toBe('24 Oct 2025');
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });

  it('keeps the plan texts in step with the contracts', () => {
    expect(FREE_TRANSCRIPTS_PER_MONTH).toBe(FREE_PLAN_LIMITS.transcriptsPerMonth);
    expect(FREE_AI_GENERATIONS_PER_MONTH).toBe(FREE_PLAN_LIMITS.aiGenerationsPerMonth);
  });

  it('searches the library on title or channel, case-insensitively', () => {
    const videos = [
      { id: '1', title: 'Linear Algebra', channelName: 'MIT' },
      { id: '2', title: null, channelName: 'Khan Academy' },
    ];
    expect(filterLibrary(videos, 'ALGEBRA').map((v) => v.id)).toEqual(['1']);
    expect(filterLibrary(videos, 'khan').map((v) => v.id)).toEqual(['2']);
    expect(filterLibrary(videos, '').map((v) => v.id)).toEqual(['1', '2']);
  });

  it('reads flashcards as Q:/A: pairs', () => {
    const cards = parseFlashcards(
      'Intro\n\n**Q:** What is ATP?\n**A:** The energy currency\nof the cell.\n\n- Q: Where? \n- A: Mitochondria',
    );
    expect(cards).toEqual([
      { question: 'What is ATP?', answer: 'The energy currency of the cell.' },
      { question: 'Where?', answer: 'Mitochondria' },
    ]);
    expect(parseFlashcards('No cards here.')).toEqual([]);
  });
});
