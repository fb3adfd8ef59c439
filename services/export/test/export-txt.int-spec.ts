import { multilingualDocument } from './fixtures/multilingual';
import { renderToBuffer } from './helpers/render-to-buffer';

describe('TXT export', () => {
  it('writes the exact plain-text layout in UTF-8', async () => {
    const txt = await renderToBuffer(multilingualDocument(), 'txt');
    expect(txt.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(txt.toString('utf8')).toBe(
      [
        'Tides 🌊 and the Moon: Приливы, 潮汐, المد',
        '=======================================',
        '',
        'Channel: Ocean Lessons',
        'Video: https://www.youtube.com/watch?v=abc123XYZ_-',
        'Duration: 12:34',
        'Exported: 2026-03-04 05:06 UTC',
        '',
        'Transcript',
        '----------',
        '',
        '[0:00] Welcome to our lesson about tidal energy. Der Fluss fließt ruhig, ça coûte très peu à Łódź. Сегодня мы изучаем приливную энергию. Η θάλασσα ανεβαίνει δύο φορές την ημέρα.',
        '',
        '[0:30] Thủy triều lên xuống mỗi ngày hai lần. 潮汐能是一种干净的能源。 潮の満ち引きは月の力で起こります。 조수는 하루에 두 번 바뀝니다.',
        '',
        '[1:00] طاقة المد والجزر مصدر نظيف ومتجدد. הים עולה ויורד פעמיים ביום.',
        '',
        '[1:15] Great work 👍🏽 see you at the shore 🌊 👨‍👩‍👧 🇬🇧',
        '',
        'Highlights',
        '----------',
        '',
        '[0:00] Yellow: tidal energy',
        '[0:15] Blue: приливную энергию',
        '[0:45] Green: 満ち引き',
        '[1:00] Yellow: مصدر نظيف',
        '[1:07] Blue: פעמיים',
        '',
        'Notes',
        '-----',
        '',
        'Remember: tides 🌊 follow the moon.',
        'Заметка: повторить термины.',
        'הערה חשובה',
        '',
        'AI Study Material',
        '-----------------',
        '',
        'Summary (Short)',
        '~~~~~~~~~~~~~~~',
        '',
        'Tides rise and fall twice a day because of the moon.',
        '',
        'Key Insights',
        '~~~~~~~~~~~~',
        '',
        'Main ideas',
        '',
        '- Tides are predictable',
        '- Energy is clean',
        '',
        '1. Moon pulls water',
        '2. Earth turns',
        '',
        '',
      ].join('\n'),
    );
  });

  it('leaves out empty sections and falls back for missing metadata', async () => {
    const txt = await renderToBuffer(
      {
        ...multilingualDocument(),
        title: null,
        channelName: '  ',
        duration: null,
        highlights: [],
        notes: ' ',
        aiContent: [],
        segments: [],
      },
      'txt',
    );
    expect(txt.toString('utf8')).toBe(
      'Untitled\n========\n\nChannel: Unknown\nVideo: https://www.youtube.com/watch?v=abc123XYZ_-\nDuration: --:--\n' +
        'Exported: 2026-03-04 05:06 UTC\n\nTranscript\n----------\n\nNo transcript.\n\n',
    );
  });

  it('writes moments past an hour as h:mm:ss, as YouTube shows them', async () => {
    const txt = await renderToBuffer(
      {
        ...multilingualDocument(),
        duration: 23_400,
        segments: [
          { start: 3723, text: 'Welcome back.' },
          { start: 23_331, text: 'Six and a half hours in.' },
        ],
        highlights: [{ text: 'Welcome', startIndex: 0, endIndex: 7, color: 'yellow' }],
        aiContent: [],
        notes: '',
      },
      'txt',
    );
    const text = txt.toString('utf8');
    expect(text).toContain('Duration: 6:30:00');
    expect(text).toContain('[6:28:51] Six and a half hours in.');
    expect(text).toMatch(/^\[1:02:03\] Yellow: /m);
    expect(text).not.toMatch(/\[\d{3,}:\d\d\]/);
  });
});
