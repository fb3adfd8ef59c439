import { describe, expect, it } from 'vitest';
import { mindMapFileName, mindMapOf, seekTargetOf } from '@/lib/mind-map';

const OUTLINE = {
  sections: [
    {
      title: 'Stage <one>',
      start: 0,
      points: [{ text: 'Light splits "water" & releases oxygen.', start: 75.6 }],
    },
    { title: 'Calvin cycle', start: 3_700, points: [] },
  ],
};

describe('mindMapOf', () => {
  const tree = mindMapOf(OUTLINE, 'Photosynthesis', 'phtsynth101');

  it('puts the title at the root, the sections around it and their points around them', () => {
    expect(tree.content).toBe('Photosynthesis');
    expect(tree.children).toHaveLength(2);
    expect(tree.children[0]?.children).toHaveLength(1);
    expect(tree.children[1]?.children).toEqual([]);
  });

  it('escapes what the captions say, and links each moment to the video there, marked for seeking', () => {
    expect(tree.children[0]?.content).toBe(
      '<a href="https://www.youtube.com/watch?v=phtsynth101&amp;t=0s" data-seek="0">0:00</a> Stage &lt;one&gt;',
    );
    expect(tree.children[0]?.children[0]?.content).toBe(
      '<a href="https://www.youtube.com/watch?v=phtsynth101&amp;t=75s" data-seek="75">1:15</a> Light splits &quot;water&quot; &amp; releases oxygen.',
    );
    expect(tree.children[1]?.content).toContain('data-seek="3700">1:01:40</a>');
  });

  it('roots an untitled video at "This video"', () => {
    expect(mindMapOf(OUTLINE, null, 'x').content).toBe('This video');
  });
});

describe('seekTargetOf', () => {
  it('reads the moment of a click on a moment link or inside one, and nothing elsewhere', () => {
    document.body.innerHTML = '<div><a data-seek="754"><b>12:34</b></a> <span>text</span></div>';
    expect(seekTargetOf(document.querySelector('b'))).toBe(754);
    expect(seekTargetOf(document.querySelector('a'))).toBe(754);
    expect(seekTargetOf(document.querySelector('span'))).toBeNull();
    expect(seekTargetOf(null)).toBeNull();
  });
});

it('names the file after the title', () => {
  expect(mindMapFileName('How Photosynthesis Works: Light')).toBe(
    'How_Photosynthesis_Works_Light_mind_map.svg',
  );
  expect(mindMapFileName(null)).toBe('mind_map.svg');
  expect(mindMapFileName('  ')).toBe('mind_map.svg');
});
