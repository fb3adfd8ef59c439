import type { TranscriptSegment } from '@lectern/contracts';
import { LRUCache } from 'lru-cache';
import { TranscriptIndex } from '@lectern/offline-engine';

// Bounds the memory of the cached indexes by the bytes of text they index (TranscriptIndex.bytes), not by segments:
// a transcript of long cues weighs its text. 200 MB holds about sixteen ten-hour lectures; an index larger than the
// whole budget is used for its job but never kept.
export const DEFAULT_INDEX_CACHE_BYTES = 200 * 1024 * 1024;

/**
 * The ai worker's transcript indexes, built once per transcript (a thread of questions on one video asks the same
 * index) and kept least-recently-used within a bound on their total size. Transcripts never change once cached.
 */
export class TranscriptIndexCache {
  private readonly cache: LRUCache<string, TranscriptIndex>;
  private readonly building = new Map<string, Promise<TranscriptIndex>>();

  constructor(maxBytes = DEFAULT_INDEX_CACHE_BYTES) {
    this.cache = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (index) => Math.max(1, index.bytes),
    });
  }

  /** The transcript's index; its segments and language are loaded (and the index built) only when it is not cached. */
  async indexFor(
    transcriptId: string,
    load: () => Promise<{ segments: TranscriptSegment[]; language: string | null }>,
  ): Promise<TranscriptIndex> {
    const cached = this.cache.get(transcriptId);
    if (cached) return cached;
    // Parallel questions on a transcript not yet cached share one build.
    let pending = this.building.get(transcriptId);
    if (!pending) {
      pending = load().then(({ segments, language }) => new TranscriptIndex(segments, language));
      this.building.set(transcriptId, pending);
    }
    try {
      const index = await pending;
      this.cache.set(transcriptId, index);
      return index;
    } finally {
      this.building.delete(transcriptId);
    }
  }

  get size(): number {
    return this.cache.size;
  }
}
