import { YouTubeUrlMessages, isYouTubeVideoId, parseYouTubeUrl, youtubeWatchUrl } from './youtube-url';

const ID = 'dQw4w9WgXcQ';
const ID_WITH_DASHES = 'a_B-c9_-Z0x';

describe('parseYouTubeUrl accepts', () => {
  it.each([
    // watch?v= with other parameters in any order
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`, ID],
    [`https://www.youtube.com/watch?t=42&v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=3`, ID],
    [`https://www.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&v=${ID}`, ID],
    [`https://www.youtube.com/watch?si=AbCdEf123&v=${ID}&feature=shared`, ID],
    [`https://www.youtube.com/watch?feature=youtu.be&v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}#t=30`, ID],
    [`https://www.youtube.com/watch?app=desktop&v=${ID_WITH_DASHES}`, ID_WITH_DASHES],
    // youtu.be
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=Xyz_123-abc`, ID],
    [`https://youtu.be/${ID}?t=75`, ID],
    [`youtu.be/${ID}?si=abc&t=1`, ID],
    // path forms
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://www.youtube.com/embed/${ID}?start=10`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}?si=abc`, ID],
    [`https://www.youtube.com/v/${ID}?version=3`, ID],
    [`https://www.youtube.com/shorts/${ID}/`, ID],
    // sub-domains, schemes, no scheme
    [`https://m.youtube.com/watch?v=${ID}&feature=share`, ID],
    [`https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`, ID],
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`m.youtube.com/watch?v=${ID}`, ID],
    [`//www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com:443/watch?v=${ID}`, ID],
    // a bare id and surrounding white space
    [ID, ID],
    [ID_WITH_DASHES, ID_WITH_DASHES],
    [`  ${ID}\n`, ID],
    [`\t https://youtu.be/${ID} \n`, ID],
  ])('%s', (input, videoId) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: true, videoId });
  });
});

describe('parseYouTubeUrl refuses', () => {
  it.each([
    ['', YouTubeUrlMessages.blank],
    ['   ', YouTubeUrlMessages.blank],
    ['\n\t ', YouTubeUrlMessages.blank],
  ])('blank input %j with exactly "Please enter a YouTube URL"', (input, message) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: false, message });
    expect(message).toBe('Please enter a YouTube URL');
  });

  it.each([
    [`https://vimeo.com/76979871`],
    [`https://www.example.com/watch?v=${ID}`],
    [`https://youtube.com.evil.example/watch?v=${ID}`],
    [`https://notyoutube.com/watch?v=${ID}`],
    [`https://www.youtube.com@evil.example/watch?v=${ID}`],
    [`https://dailymotion.com/video/x7tgad0`],
    [`javascript:alert(document.cookie)`],
    [`JavaScript:void(0)//youtube.com/watch?v=${ID}`],
    [`data:text/html,<script>alert(1)</script>`],
    [`ftp://youtube.com/watch?v=${ID}`],
    [`mailto:someone@youtube.com`],
    [`localhost:3000/watch?v=${ID}`],
  ])('another site or scheme: %s', (input) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: false, message: YouTubeUrlMessages.notYouTube });
  });

  it.each([
    [`https://www.youtube.com/watch?v=abc`],
    [`https://www.youtube.com/watch?v=${ID}x`],
    [`https://www.youtube.com/watch?v=dQw4w9WgXc!`],
    [`https://youtu.be/short`],
    [`https://www.youtube.com/shorts/${ID}123`],
    [`https://www.youtube.com/embed/%3Cscript%3E`],
    ['dQw4w9WgXc'],
    ['dQw4w9WgXcQQ'],
  ])('a malformed id: %s', (input) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: false, message: YouTubeUrlMessages.badId });
  });

  it.each([
    [`https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`],
    [`https://m.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`],
    [`https://www.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`],
    [`https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`],
    [`https://music.youtube.com/playlist?list=OLAK5uy_abc`],
  ])('a playlist without a video: %s', (input) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: false, message: YouTubeUrlMessages.playlist });
  });

  it.each([
    [`https://www.youtube.com/`],
    [`https://www.youtube.com/@veritasium`],
    [`https://www.youtube.com/channel/UC6nSFpj9HTCZ5t-N3Rm3-HA`],
    [`https://www.youtube.com/results?search_query=photosynthesis`],
    [`https://youtu.be/`],
    [`https://www.youtube.com/shorts/`],
  ])('a YouTube page that is not a video: %s', (input) => {
    expect(parseYouTubeUrl(input)).toEqual({ ok: false, message: YouTubeUrlMessages.noVideo });
  });

  it.each([['hello'], ['not a link at all'], ['https://'], ['http://[::1']])(
    'text that is not a link: %s',
    (input) => {
      const result = parseYouTubeUrl(input);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect([YouTubeUrlMessages.notALink, YouTubeUrlMessages.notYouTube]).toContain(result.message);
    },
  );

  it('absurdly long input, even when it starts like a video link', () => {
    const long = `https://www.youtube.com/watch?v=${ID}&pad=${'x'.repeat(2048)}`;
    expect(parseYouTubeUrl(long)).toEqual({ ok: false, message: YouTubeUrlMessages.tooLong });
    expect(parseYouTubeUrl('a'.repeat(100_000))).toEqual({ ok: false, message: YouTubeUrlMessages.tooLong });
  });

  it('accepts a link of exactly 2,048 characters', () => {
    const prefix = `https://www.youtube.com/watch?v=${ID}&pad=`;
    const exact = prefix + 'x'.repeat(2048 - prefix.length);
    expect(exact).toHaveLength(2048);
    expect(parseYouTubeUrl(exact)).toEqual({ ok: true, videoId: ID });
  });

  it('every refusal is one human sentence', () => {
    for (const message of Object.values(YouTubeUrlMessages)) {
      expect(message).toMatch(/^[A-Z]/);
      expect(message).not.toMatch(/undefined|null|\[object/);
    }
  });
});

describe('youtubeWatchUrl and isYouTubeVideoId', () => {
  it('builds the canonical watch link, which parses back to the same id', () => {
    expect(youtubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(parseYouTubeUrl(youtubeWatchUrl(ID_WITH_DASHES))).toEqual({ ok: true, videoId: ID_WITH_DASHES });
  });

  it('checks the id shape', () => {
    expect(isYouTubeVideoId(ID)).toBe(true);
    expect(isYouTubeVideoId('dQw4w9WgXc')).toBe(false);
    expect(isYouTubeVideoId('dQw4w9WgX.Q')).toBe(false);
  });
});
