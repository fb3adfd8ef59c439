import { isFinalEntry, type JobStreamEntry } from '@lectern/queue-runtime';

/** Why a read of a job stream ended: at its final entry, stopped (the signal), or expired (gone from Redis). */
export type StreamReadEnd = 'final' | 'stopped' | 'expired';

/** Whether entry id `a` (`<ms>-<seq>`) comes after `b`; '0' comes before every entry. */
export function isEntryAfter(a: string, b: string): boolean {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  return aMs > bMs || (aMs === bMs && aSeq > bSeq);
}

/**
 * One Redis read of a job stream (one XREAD loop, on one connection) shared by every reader of the stream on this
 * gateway: the entries read so far are kept for the readers, each of which takes them from its own place (a
 * reconnecting client's `Last-Event-ID`). The entries of one stream are bounded (JOB_STREAM_MAX_ENTRIES, and a
 * worker coalesces its pieces); they go with the read when its last reader leaves.
 */
export class SharedStreamRead {
  private readonly entries: JobStreamEntry[] = [];
  private end: { reason: StreamReadEnd } | { error: unknown } | null = null;
  private wakers = new Set<() => void>();
  private readonly stopper = new AbortController();
  private readers = 0;

  constructor(
    read: (signal: AbortSignal) => AsyncGenerator<JobStreamEntry, StreamReadEnd>,
    private readonly onEnd: (read: SharedStreamRead) => void,
  ) {
    void this.run(read(this.stopper.signal));
  }

  /** Whether it ended or is ending: a new reader needs a new read. */
  get ended(): boolean {
    return this.end !== null || this.stopper.signal.aborted;
  }

  /** Stops the Redis read; readers waiting for entries end as stopped. */
  stop(): void {
    this.stopper.abort();
  }

  /** The stream's entries after `after`, until its final one, the reader's signal, or the read's end. */
  async *entriesAfter(after: string, signal: AbortSignal): AsyncGenerator<JobStreamEntry, StreamReadEnd> {
    this.readers += 1;
    try {
      let next = 0;
      for (;;) {
        while (next < this.entries.length) {
          const entry = this.entries[next]!;
          next += 1;
          if (!isEntryAfter(entry.id, after)) continue;
          yield entry;
          if (isFinalEntry(entry)) return 'final';
        }
        if (signal.aborted) return 'stopped';
        if (this.end) {
          if ('error' in this.end) throw this.end.error;
          return this.end.reason;
        }
        await this.changed(signal);
      }
    } finally {
      this.readers -= 1;
      // Nobody left to read it: the Redis read (and its connection) ends now.
      if (this.readers === 0) this.stop();
    }
  }

  private async run(reading: AsyncGenerator<JobStreamEntry, StreamReadEnd>): Promise<void> {
    try {
      for (;;) {
        const next = await reading.next();
        if (next.done) {
          this.end = { reason: next.value };
          break;
        }
        this.entries.push(next.value);
        this.wake();
      }
    } catch (error) {
      this.end = { error };
    } finally {
      await reading.return('stopped').catch(() => undefined);
      this.end ??= { reason: 'stopped' };
      this.onEnd(this);
      this.wake();
    }
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = new Set();
    for (const wake of wakers) wake();
  }

  /** Resolves at the next entry, the read's end or the signal. */
  private changed(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.wakers.delete(done);
        resolve();
      };
      this.wakers.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
