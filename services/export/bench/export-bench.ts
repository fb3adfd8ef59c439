import { Writable } from 'node:stream';
import type { ExportFormat, TranscriptSegment } from '@lectern/contracts';
import { renderExport, type ExportDocument } from '../src/render';

// Ten hours of captions: 12,000 segments of three seconds each. Most are English-like speech drawn from a
// vocabulary of a few thousand words (so shaping and measuring meet as many distinct words as a real
// lecture), one in seven is a sentence in another script, and there are highlights, notes and AI content.
const OTHER_SCRIPTS = [
  'Сегодня мы посмотрим, как работают приливы.',
  'Η σελήνη τραβάει το νερό προς το μέρος της.',
  'Thủy triều lên xuống theo chu kỳ của mặt trăng.',
  '潮汐每天大约发生两次。',
  '月の引力が海の水を引っ張ります。',
  '바닷물은 달의 인력에 반응합니다.',
  'المد والجزر يحدثان مرتين في اليوم.',
  'הירח משפיע על גובה המים.',
  'Okay, here is the important formula 📐 for the force.',
];
const COMMON =
  'the a of and to in is that it for on with as this we you are be at so but or not what all'.split(' ');
const SYLLABLES =
  'ka ri mo sen tal vo pre lin du ga ne shi tor em pa lu ver ish con sta ble ment ing ous'.split(' ');

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function speech(random: () => number): () => string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const vocabulary = Array.from({ length: 4000 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
  );
  return () => {
    const words = Array.from({ length: 6 + Math.floor(random() * 6) }, () =>
      random() < 0.4 ? pick(COMMON) : pick(vocabulary),
    );
    const text = words.join(' ');
    return random() < 0.3 ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}.` : text;
  };
}

export const LONG_FIXTURE = { hours: 10, segments: 12_000 } as const;

export function longTranscriptDocument(segmentCount: number = LONG_FIXTURE.segments): ExportDocument {
  const segments: TranscriptSegment[] = [];
  const seconds = (LONG_FIXTURE.hours * 3600) / LONG_FIXTURE.segments;
  const random = seededRandom(20_260_101);
  const sentence = speech(random);
  for (let index = 0; index < segmentCount; index++) {
    const text =
      index % 7 === 3 ? (OTHER_SCRIPTS[Math.floor(index / 7) % OTHER_SCRIPTS.length] ?? '') : sentence();
    segments.push({ text, start: index * seconds });
  }
  const highlights: ExportDocument['highlights'] = [];
  let offset = 0;
  const colors = ['yellow', 'blue', 'green'] as const;
  segments.forEach((segment, index) => {
    if (index % 120 === 0) {
      highlights.push({
        text: segment.text,
        startIndex: offset,
        endIndex: offset + segment.text.length,
        color: colors[(index / 120) % 3] ?? 'yellow',
      });
    }
    offset += segment.text.length + 1;
  });
  return {
    title: 'Ten hours of tides: the complete lecture series',
    channelName: 'Ocean Lessons',
    youtubeId: 'LongLecture1',
    duration: segmentCount * seconds,
    exportedAt: new Date('2026-01-01T00:00:00Z'),
    segments,
    highlights,
    notes: 'Review the formula sections.\nAsk about neap tides.',
    aiContent: [
      {
        featureType: 'summary',
        summaryLength: 'detailed',
        outputText: '## Overview\n\nA **long** lecture about tides.\n\n- Moon\n- Sun',
      },
      {
        featureType: 'flashcards',
        summaryLength: null,
        outputText: '1. What causes tides?\n2. How often do they occur?',
      },
    ],
  };
}

export interface ExportBenchResult {
  format: ExportFormat;
  segments: number;
  ms: number;
  peakRssMb: number;
  bytes: number;
}

/** Exports the ten-hour fixture in each format, measuring wall time and the process's peak RSS while it ran. */
export async function runExportBench(
  formats: ExportFormat[] = ['txt', 'pdf', 'docx'],
): Promise<ExportBenchResult[]> {
  const doc = longTranscriptDocument();
  const results: ExportBenchResult[] = [];
  // A worker is long-lived: modules and font files are loaded before its first real export.
  for (const format of formats)
    await renderExport(longTranscriptDocument(20), format, new Writable({ write: (_c, _e, cb) => cb() }));
  for (const format of formats) {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    global.gc?.();
    let peak = process.memoryUsage.rss();
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    const started = performance.now();
    try {
      await renderExport(doc, format, sink);
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage.rss());
    results.push({
      format,
      segments: doc.segments.length,
      ms: Math.round(ms),
      peakRssMb: Math.round(peak / 2 ** 20),
      bytes,
    });
  }
  return results;
}
