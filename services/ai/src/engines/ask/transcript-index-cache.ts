import type { TranscriptSegment } from '@lectern/contracts';
import { LRUCache } from 'lru-cache';
import { TranscriptIndex } from '@lectern/offline-engine';

// Bounds the memory of the cached indexes by the bytes of text they index (TranscriptIndex.bytes), not by segments:
// a transcript of long cues weighs its text. 200 MB holds about sixteen ten-hour lectures; an index larger than the
// whole budget is used for its job but never kept.
export const DEFAULT_INDEX_CACHE_BYTES = 200 * 1024 * 1024;

/**
 * Indexes built once per key and kept least-recently-used within a bound on their total size (their `bytes`).
 * What they index never changes once cached.
 */
export class IndexCache<Index extends { bytes: number }> {
  private readonly cache: LRUCache<string, Index>;
  private readonly building = new Map<string, Promise<Index>>();

  constructor(maxBytes = DEFAULT_INDEX_CACHE_BYTES) {
    this.cache = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (index) => Math.max(1, index.bytes),
    });
  }

  /** The key's index, built only when it is not cached. */
  async get(key: string, build: () => Promise<Index>): Promise<Index> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    // Parallel questions on an index not yet cached share one build.
    let pending = this.building.get(key);
    if (!pending) {
      pending = build();
      this.building.set(key, pending);
    }
    try {
      const index = await pending;
      this.cache.set(key, index);
      return index;
    } finally {
      this.building.delete(key);
    }
  }

  get size(): number {
    return this.cache.size;
  }
}

/**
 * The ai worker's transcript indexes, built once per transcript (a thread of questions on one video asks the same
 * index) and kept least-recently-used within a bound on their total size.
 */
export class TranscriptIndexCache extends IndexCache<TranscriptIndex> {
  /** The transcript's index; its segments and language are loaded (and the index built) only when it is not cached. */
  indexFor(
    transcriptId: string,
    load: () => Promise<{ segments: TranscriptSegment[]; language: string | null }>,
  ): Promise<TranscriptIndex> {
    return this.get(transcriptId, () =>
      load().then(({ segments, language }) => new TranscriptIndex(segments, language)),
    );
  }
}
