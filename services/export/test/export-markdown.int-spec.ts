import {
  FEATURE_LABELS,
  OFFLINE_MATERIAL_NOTICE,
  WRITTEN_MATERIAL_HINT,
  writeOutline,
  type FeatureType,
} from '@lectern/contracts';
import type { ExportDocument } from '../src/render';
import { FLASHCARDS_TEXT } from './fixtures/flashcards';
import { multilingualDocument } from './fixtures/multilingual';
import {
  allNodes,
  headings,
  links,
  readMarkdown,
  section,
  textOf,
  type MdNode,
} from './helpers/markdown-reader';
import { renderToBuffer } from './helpers/render-to-buffer';

// The Markdown export read back the way note apps read it: remark (CommonMark with GFM, as Obsidian and
// Logseq write Markdown) with its front matter parsed by the `yaml` library.

const WATCH = 'https://www.youtube.com/watch?v=abc123XYZ_-';

async function exported(doc: ExportDocument) {
  const file = await renderToBuffer(doc, 'md');
  return { text: file.toString('utf8'), ...(await readMarkdown(file)) };
}

/** Every AI item kind, the outline as the AI engines store it. */
function studyDocument(): ExportDocument {
  const doc = multilingualDocument();
  const item = (featureType: string, outputText: string) => ({
    featureType: featureType as FeatureType,
    summaryLength: null,
    outputText,
  });
  return {
    ...doc,
    aiContent: [
      ...doc.aiContent,
      item('flashcards', FLASHCARDS_TEXT),
      item('cornell_notes', '## Cues\n\n- Why do tides rise?\n\n## Notes\n\nThe moon pulls the sea [0:07].'),
      item('tweet', '1/ Tides are the moon at work 🌊\n\n2/ Twice a day, every day.'),
      item('blog', '# Riding the tide\n\nTidal energy is **clean** and *predictable*.'),
      item('action_plan', '1. Watch the tide table (0:15)\n2. Visit a tidal plant (1:00)'),
      item(
        'outline',
        writeOutline({
          sections: [
            {
              title: 'Why tides happen',
              start: 0,
              points: [
                { text: 'The moon pulls the sea', start: 7.5 },
                { text: 'Twice a day', start: 22.5 },
              ],
            },
            { title: 'Tidal energy', start: 60, points: [{ text: 'A clean source', start: 60 }] },
          ],
        }),
      ),
    ],
  };
}

describe('Markdown export', () => {
  it('opens with YAML front matter: title, channel, link, date, duration and tags as a list', async () => {
    const { text, frontMatter } = await exported(multilingualDocument());
    expect(frontMatter).toEqual({
      title: 'Tides 🌊 and the Moon: Приливы, 潮汐, المد',
      channel: 'Ocean Lessons',
      link: WATCH,
      date: '2026-03-04',
      duration: '12:34',
      tags: ['lectern', 'youtube', 'channel/ocean-lessons'],
    });
    expect(text.startsWith('---\n')).toBe(true);
    // Quoted, so YAML 1.1 readers do not take 12:34 for the number 754; the date plain, so Obsidian shows a date.
    expect(text).toContain('\nduration: "12:34"\n');
    expect(text).toContain('\ndate: 2026-03-04\n');
  });

  it('leaves out a duration it does not know and a channel tag without a letter', async () => {
    const { frontMatter } = await exported({ ...multilingualDocument(), duration: null, channelName: '42' });
    expect(frontMatter).not.toHaveProperty('duration');
    expect(frontMatter?.tags).toEqual(['lectern', 'youtube']);
  });

  it('has the title, its sections and every AI item as headings, one level below each other', async () => {
    const { tree } = await exported(studyDocument());
    expect(headings(tree)).toEqual([
      '1 Tides 🌊 and the Moon: Приливы, 潮汐, المد',
      '2 Highlights',
      '2 Notes',
      '2 AI Study Material',
      `3 ${FEATURE_LABELS.summary} (Short)`,
      `3 ${FEATURE_LABELS.insights}`,
      '4 Main ideas',
      `3 ${FEATURE_LABELS.flashcards}`,
      `3 ${FEATURE_LABELS.cornell_notes}`,
      '4 Cues',
      '4 Notes',
      `3 ${FEATURE_LABELS.outline}`,
      '4 0:00 Why tides happen',
      '4 1:00 Tidal energy',
      `3 ${FEATURE_LABELS.tweet}`,
      `3 ${FEATURE_LABELS.blog}`,
      '4 Riding the tide',
      `3 ${FEATURE_LABELS.action_plan}`,
      '2 Transcript',
    ]);
  });

  it('links every moment to the video at that second', async () => {
    const { tree } = await exported(studyDocument());
    expect(links(section(tree, 'Highlights'))).toEqual([
      `0:00 -> ${WATCH}&t=0s`,
      `0:15 -> ${WATCH}&t=15s`,
      `0:45 -> ${WATCH}&t=45s`,
      `1:00 -> ${WATCH}&t=60s`,
      `1:07 -> ${WATCH}&t=67s`,
    ]);
    expect(links(section(tree, 'Transcript'))).toEqual([
      `0:00 -> ${WATCH}&t=0s`,
      `0:30 -> ${WATCH}&t=30s`,
      `1:00 -> ${WATCH}&t=60s`,
      `1:15 -> ${WATCH}&t=75s`,
    ]);
    expect(links(section(tree, FEATURE_LABELS.outline))).toEqual([
      `0:00 -> ${WATCH}&t=0s`,
      `0:07 -> ${WATCH}&t=7s`,
      `0:22 -> ${WATCH}&t=22s`,
      `1:00 -> ${WATCH}&t=60s`,
      `1:00 -> ${WATCH}&t=60s`,
    ]);
    // Moments the AI engines cite, `[m:ss]` and `(m:ss)`, are links too.
    expect(links(section(tree, FEATURE_LABELS.flashcards))).toEqual([`0:37 -> ${WATCH}&t=37s`]);
    expect(links(section(tree, FEATURE_LABELS.cornell_notes))).toEqual([`0:07 -> ${WATCH}&t=7s`]);
    expect(links(section(tree, FEATURE_LABELS.action_plan))).toEqual([
      `0:15 -> ${WATCH}&t=15s`,
      `1:00 -> ${WATCH}&t=60s`,
    ]);
  });

  it('shows highlights with their colour, the transcript paragraph by paragraph', async () => {
    const { tree } = await exported(multilingualDocument());
    const [list] = section(tree, 'Highlights');
    expect(list?.type).toBe('list');
    expect(list?.children?.map(textOf)).toEqual([
      '0:00 Yellow: tidal energy',
      '0:15 Blue: приливную энергию',
      '0:45 Green: 満ち引き',
      '1:00 Yellow: مصدر نظيف',
      '1:07 Blue: פעמיים',
    ]);
    const transcript = section(tree, 'Transcript');
    expect(transcript.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph']);
    expect(textOf(transcript[3] as MdNode)).toBe('1:15 Great work 👍🏽 see you at the shore 🌊 👨‍👩‍👧 🇬🇧');
  });

  it('keeps the AI items’ lists, emphasis and flashcards, each card a question line then an answer line', async () => {
    const { tree } = await exported(studyDocument());
    const insights = section(tree, FEATURE_LABELS.insights);
    const lists = insights.flatMap(allNodes).filter((node) => node.type === 'list');
    expect(lists.map((list) => [list.ordered, list.children?.map(textOf)])).toEqual([
      [false, ['Tides are predictable', 'Energy is clean']],
      [true, ['Moon pulls water', 'Earth turns']],
    ]);
    expect(
      insights
        .flatMap(allNodes)
        .filter((node) => node.type === 'strong')
        .map(textOf),
    ).toEqual(['predictable']);
    const cards = section(tree, FEATURE_LABELS.flashcards);
    expect(cards.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph']);
    expect(textOf(cards[1] as MdNode)).toBe('Q: Which energy is clean, in Chinese?\nA: 潮汐能 0:37');
    expect(textOf(cards[2] as MdNode)).toBe(
      'Q: Fill in the blank: "Der Fluss fließt _____, ça coûte très peu"\nA: ruhig',
    );
    const blog = section(tree, FEATURE_LABELS.blog).flatMap(allNodes);
    expect(blog.filter((node) => node.type === 'emphasis').map(textOf)).toEqual(['predictable']);
  });

  it('nests a sub-list under its item and never indents a list into code', async () => {
    const doc = multilingualDocument();
    const { tree } = await exported({
      ...doc,
      aiContent: [
        {
          featureType: 'insights',
          summaryLength: null,
          outputText: 'Intro\n\n    - deep without a parent\n- top\n  - child\n      - grandchild',
        },
      ],
    });
    const nodes = section(tree, FEATURE_LABELS.insights).flatMap(allNodes);
    expect(nodes.filter((node) => node.type === 'code')).toEqual([]);
    const [outer] = section(tree, FEATURE_LABELS.insights).filter((node) => node.type === 'list');
    expect(outer?.children?.map((item) => textOf(item.children?.[0] as MdNode))).toEqual([
      'deep without a parent',
      'top',
    ]);
    const nested = outer?.children?.[1]?.children?.[1];
    expect(nested?.type).toBe('list');
    expect(textOf(nested?.children?.[0]?.children?.[1] as MdNode)).toBe('grandchild');
  });

  it('lists the chapters stored with the transcript, each a link, and has no chapter section without them', async () => {
    const doc = multilingualDocument();
    const { tree } = await exported({
      ...doc,
      chapters: [
        { title: 'Intro', start: 0 },
        { title: 'Energy # and *power*', start: 45 },
      ],
    });
    expect(headings(tree).slice(0, 3)).toEqual([`1 ${doc.title ?? ''}`, '2 Chapters', '2 Highlights']);
    const chapters = section(tree, 'Chapters');
    expect(chapters[0]?.children?.map(textOf)).toEqual(['0:00 Intro', '0:45 Energy # and *power*']);
    expect(links(chapters)).toEqual([`0:00 -> ${WATCH}&t=0s`, `0:45 -> ${WATCH}&t=45s`]);
    expect(headings((await exported(doc)).tree)).not.toContain('2 Chapters');
  });

  it('shows a title, notes and highlights full of Markdown as written, notes’ [m:ss] as links', async () => {
    const title = '# Part *1*: [Tides](https://evil.example) <b>bold</b> | ==mark== $x$ %%c%% #tag ^id';
    const notes = [
      '---',
      '# not a heading',
      '- not a list',
      '1. not numbered',
      '> not a quote',
      '    not code',
      '[[Wiki link]] and ((block)) and key:: value',
      '<script>alert(1)</script> & &amp;',
      'See [1:05] and **bold** and _it_ ~~gone~~',
      '===',
    ].join('\n');
    const doc = multilingualDocument();
    const transcript = doc.segments.map((segment) => segment.text).join(' ');
    const { text, tree, frontMatter } = await exported({
      ...doc,
      title,
      notes,
      highlights: [{ text: '*tidal* energy', startIndex: 0, endIndex: 14, color: 'yellow' }],
      segments: [{ text: `${transcript} <i>x</i> | a | b |`, start: 0 }],
    });
    expect(frontMatter?.title).toBe(title);
    expect(headings(tree)).toEqual([
      `1 ${title}`,
      '2 Highlights',
      '2 Notes',
      '2 AI Study Material',
      `3 ${FEATURE_LABELS.summary} (Short)`,
      `3 ${FEATURE_LABELS.insights}`,
      '4 Main ideas',
      '2 Transcript',
    ]);
    const noteNodes = section(tree, 'Notes');
    expect(noteNodes.map((node) => node.type)).toEqual(['paragraph']);
    expect(textOf(noteNodes[0] as MdNode)).toBe(
      notes.replace('    not code', 'not code').replace('[1:05]', '1:05'),
    );
    expect(links(noteNodes)).toEqual([`1:05 -> ${WATCH}&t=65s`]);
    expect(textOf(section(tree, 'Highlights')[0] as MdNode)).toBe('0:00 Yellow: *tidal* energy');
    const all = allNodes(tree);
    // Nothing became HTML, a link of the user's, emphasis, a table, a rule, a quote or code.
    for (const kind of ['html', 'table', 'thematicBreak', 'blockquote', 'code', 'delete']) {
      expect(all.filter((node) => node.type === kind)).toEqual([]);
    }
    // The only links are the moments and a bare address shown as itself (GFM links it, as Obsidian does).
    expect(links([tree]).filter((link) => !link.includes(WATCH))).toEqual([
      'https://evil.example -> https://evil.example',
    ]);
    // Obsidian's and Logseq's own markers are escaped in the file too.
    const body = text.slice(text.indexOf('\n---\n') + 5);
    for (const marker of [/(?<!\\)\[\[/, /(?<!\\)==/, /(?<!\\)%%/, /(?<!\\)\$/, /(?<!\\)#tag/, /(?<!\\)::/]) {
      expect(body).not.toMatch(marker);
    }
  });

  it('labels what the offline engine wrote, under its heading, and nothing a model wrote', async () => {
    const doc = multilingualDocument();
    const [summary, insights] = doc.aiContent;
    if (!summary || !insights) throw new Error('the fixture has a summary and key insights');
    const { tree } = await exported({
      ...doc,
      aiContent: [
        { ...summary, engine: 'offline' },
        { ...insights, engine: 'openai' },
      ],
    });
    const [notice, ...rest] = section(tree, `${FEATURE_LABELS.summary} (Short)`);
    expect(notice?.children?.map((node) => [node.type, textOf(node)])).toEqual([
      ['emphasis', OFFLINE_MATERIAL_NOTICE],
      ['text', '\n'],
      ['emphasis', WRITTEN_MATERIAL_HINT],
    ]);
    expect(rest.map(textOf)).toEqual(['Tides rise and fall twice a day because of the moon.']);
    expect(section(tree, FEATURE_LABELS.insights).map(textOf).join('\n')).not.toContain(
      OFFLINE_MATERIAL_NOTICE,
    );
  });

  it('says so when there is no transcript', async () => {
    const { tree } = await exported({ ...multilingualDocument(), segments: [], highlights: [] });
    expect(section(tree, 'Transcript').map(textOf)).toEqual(['No transcript.']);
  });
});
