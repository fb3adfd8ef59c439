import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createYouTubeClient } from '../src/youtube/youtube-client';

// runYouTubeTimeoutBench() from the root bench runner: against a YouTube that accepts the connection and never
// answers, how soon after its timeout the client gives up (the tests only check it does not wait for an answer).

export interface YouTubeTimeoutFigures {
  timeoutMs: number;
  runs: number;
  answeredP50Ms: number;
  answeredMaxMs: number;
  statuses: string;
  target: string;
  meetsTarget: boolean;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function runYouTubeTimeoutBench(runs = 5, timeoutMs = 500): Promise<YouTubeTimeoutFigures> {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const client = createYouTubeClient({
    origin: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    timeoutMs,
  });
  const times: number[] = [];
  const statuses = new Set<string>();
  try {
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const outcome: unknown = await client.fetchTranscript('dQw4w9WgXcQ').catch((error: unknown) => error);
      times.push(performance.now() - started);
      statuses.add(String((outcome as { status?: number }).status ?? 'answered'));
    }
  } finally {
    await client.close();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const max = sorted.at(-1) ?? 0;
  return {
    timeoutMs,
    runs,
    answeredP50Ms: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    answeredMaxMs: round(max),
    statuses: [...statuses].join(', '),
    target: 'every run answered 504 within the timeout plus 1 s',
    meetsTarget: max < timeoutMs + 1000 && [...statuses].every((status) => status === '504'),
  };
}
