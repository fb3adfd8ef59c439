import { describe, expect, it } from 'vitest';
import { readSegmentSelection } from '@/lib/selection';

function mountRows(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <div data-segment-index="0"><a>0:00</a><p data-segment-text="">Hello world</p></div>
    <div data-segment-index="7"><a>0:05</a><p data-segment-text="">Photo<mark>synthesis</mark> in plants</p></div>`;
  document.body.replaceChildren(root);
  return root;
}

function select(startNode: Node, startOffset: number, endNode: Node, endOffset: number): Selection {
  const selection = window.getSelection();
  if (!selection) throw new Error('no selection API');
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

describe('reading a selection in the transcript', () => {
  it('gives positions within the row text, across highlight marks', () => {
    const root = mountRows();
    const text = root.querySelectorAll('[data-segment-text]')[1] as HTMLElement;
    const mark = text.querySelector('mark')?.firstChild as Node;
    const tail = text.lastChild as Node;
    const selection = select(mark, 2, tail, 3);
    expect(readSegmentSelection(selection, root)).toEqual({ segmentIndex: 7, start: 7, end: 17 });
    expect(selection.toString()).toBe('nthesis in');
  });

  it('clamps a selection starting on the timestamp to the start of the text', () => {
    const root = mountRows();
    const row = root.querySelector('[data-segment-index="0"]') as HTMLElement;
    const stamp = row.querySelector('a')?.firstChild as Node;
    const text = row.querySelector('p')?.firstChild as Node;
    expect(readSegmentSelection(select(stamp, 1, text, 5), root)).toEqual({
      segmentIndex: 0,
      start: 0,
      end: 5,
    });
  });

  it('refuses selections spanning rows, or collapsed', () => {
    const root = mountRows();
    const texts = root.querySelectorAll('[data-segment-text]');
    const first = texts[0]?.firstChild as Node;
    const second = texts[1]?.firstChild as Node;
    expect(readSegmentSelection(select(first, 2, second, 3), root)).toBeNull();
    expect(readSegmentSelection(select(first, 2, first, 2), root)).toBeNull();
    expect(readSegmentSelection(null, root)).toBeNull();
  });
});
