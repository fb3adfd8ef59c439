/** The segment playing at `time`: the last one starting at or before it (binary search over sorted starts). */
export function segmentIndexAt(segments: ReadonlyArray<{ start: number }>, time: number): number | null {
  if (segments.length === 0) return null;
  let low = 0;
  let high = segments.length - 1;
  if ((segments[0]?.start ?? 0) > time) return 0;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((segments[middle]?.start ?? 0) <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Keys that scroll a focused scroll box: the user moving the transcript themselves. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

export function isScrollKey(key: string): boolean {
  return SCROLL_KEYS.has(key);
}

/**
 * Where following the video scrolls the transcript to keep the current row in view, or null to stay: rows in
 * the upper part of the box stay where they are; a row below it, or above the top, is brought to the middle.
 */
export function followScroll(
  row: { start: number; end: number },
  view: { offset: number; height: number },
): 'center' | null {
  const comfortableEnd = view.offset + view.height * 0.75;
  return row.start >= view.offset && row.end <= comfortableEnd ? null : 'center';
}
