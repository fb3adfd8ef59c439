import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseYouTubeAutoSrt } from './youtube-auto-srt';

// The first cues of the TEDx talk's auto-generated captions, as yt-dlp wrote them (no blank line between cues).
const OPENING = [
  'Kind: captions',
  'Language: en',
  '1',
  '00:00:00,560 --> 00:00:03,750 align:start position:0%',
  'Can<00:00:00.960><c> AI</c><00:00:01.600><c> help</c><00:00:01.839><c> us</c><00:00:02.080><c> learn?</c>',
  '2',
  '00:00:03,750 --> 00:00:03,760 align:start position:0%',
  'Can AI help us learn?',
  '3',
  '00:00:03,760 --> 00:00:05,430 align:start position:0%',
  'Can AI help us learn?',
  'Some<00:00:03.919><c> of</c><00:00:04.000><c> you</c><00:00:04.240><c> might</c><00:00:04.400><c> be</c><00:00:04.480><c> thinking,</c><00:00:05.200><c> of</c>',
  '4',
  '00:00:05,430 --> 00:00:05,440 align:start position:0%',
  'Some of you might be thinking, of',
  '5',
  '00:00:05,440 --> 00:00:07,909 align:start position:0%',
  'Some of you might be thinking, of',
  "course,<00:00:06.240><c> it's</c><00:00:06.480><c> so</c><00:00:06.720><c> powerful.</c><00:00:07.120><c> It</c><00:00:07.359><c> can</c><00:00:07.520><c> do</c><00:00:07.680><c> so</c>",
].join('\n');

describe('parseYouTubeAutoSrt', () => {
  it('reads each new caption line once, from its cue start, without word timings or held lines', () => {
    expect(parseYouTubeAutoSrt(OPENING)).toEqual([
      { text: 'Can AI help us learn?', start: 0.56 },
      { text: 'Some of you might be thinking, of', start: 3.76 },
      { text: "course, it's so powerful. It can do so", start: 5.44 },
    ]);
  });

  it('keeps every word of the real track once: each held line is the line read just before it', () => {
    const srt = readFileSync(path.join(__dirname, 'tedx-2025-gedeon-ai-learning.youtube-auto.srt'), 'utf8');
    const segments = parseYouTubeAutoSrt(srt);
    // A held cue lasts 10 ms and shows one finished line.
    const held = [...srt.matchAll(/,(\d{3}) --> \d+:\d+:\d+,(\d{3}) align[^\n]*\n([^\n]*)\n/g)]
      .filter(([, from = '0', to = '0']) => (Number(to) - Number(from) + 1000) % 1000 === 10)
      .map(([, , , line = '']) => line.trim())
      .filter((line) => !/^\d+$/.test(line)); // a held cue that clears the screen shows nothing
    expect(held.length).toBeGreaterThan(300);
    expect(segments.length).toBeGreaterThan(300);
    expect(segments.every((segment) => !/[<>]/.test(segment.text))).toBe(true);
    const texts = new Set(segments.map((segment) => segment.text));
    expect(held.filter((line) => !texts.has(line))).toEqual([]);
  });
});
