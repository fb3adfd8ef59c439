/** A selection inside one transcript row: the row's segment index and positions within its text. */
export interface SegmentSelection {
  segmentIndex: number;
  start: number;
  end: number;
}

const SEGMENT_SELECTOR = '[data-segment-index]';
const TEXT_SELECTOR = '[data-segment-text]';

function elementOf(node: Node): Element | null {
  return node instanceof Element ? node : node.parentElement;
}

/** Characters of `textEl` before the boundary point (node, offset), clamped to the element's text. */
export function textOffsetWithin(textEl: Element, node: Node, offset: number): number {
  const length = textEl.textContent?.length ?? 0;
  if (!textEl.contains(node)) {
    // A boundary in the row but outside its text (e.g. on the timestamp) clamps to the nearer end.
    const position = textEl.compareDocumentPosition(node);
    return position & Node.DOCUMENT_POSITION_PRECEDING ? 0 : length;
  }
  const range = textEl.ownerDocument.createRange();
  range.selectNodeContents(textEl);
  range.setEnd(node, offset);
  return Math.min(length, range.toString().length);
}

/** Reads the browser selection when it lies within one transcript row under `root`; else null. */
export function readSegmentSelection(selection: Selection | null, root: Element): SegmentSelection | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const startRow = elementOf(range.startContainer)?.closest(SEGMENT_SELECTOR);
  const endRow = elementOf(range.endContainer)?.closest(SEGMENT_SELECTOR);
  if (!startRow || startRow !== endRow || !root.contains(startRow)) return null;
  const textEl = startRow.querySelector(TEXT_SELECTOR);
  const segmentIndex = Number(startRow.getAttribute('data-segment-index'));
  if (!textEl || !Number.isInteger(segmentIndex)) return null;
  return {
    segmentIndex,
    start: textOffsetWithin(textEl, range.startContainer, range.startOffset),
    end: textOffsetWithin(textEl, range.endContainer, range.endOffset),
  };
}
