import {
  chooseCaptionTrack,
  findInlinePlayerResponse,
  listCaptionTracks,
  metadataOf,
  playabilityOf,
  type CaptionTrack,
} from './player-response';

const track = (languageCode: string, kind?: string): CaptionTrack => ({
  baseUrl: `https://www.youtube.com/api/timedtext?lang=${languageCode}${kind ? `&kind=${kind}` : ''}`,
  languageCode,
  ...(kind ? { kind } : {}),
});

describe('chooseCaptionTrack', () => {
  it('takes the manual English track wherever it is listed', () => {
    const manualEnglish = track('en');
    expect(chooseCaptionTrack([track('en', 'asr'), track('de'), manualEnglish])).toBe(manualEnglish);
  });

  it('accepts regional English as English', () => {
    const british = track('en-GB');
    expect(chooseCaptionTrack([track('fr'), british])).toBe(british);
  });

  it('takes another manual language before any auto-generated track', () => {
    const german = track('de');
    expect(chooseCaptionTrack([track('en', 'asr'), german, track('fr')])).toBe(german);
  });

  it('falls back to the auto-generated track, English first', () => {
    const auto = track('en', 'asr');
    expect(chooseCaptionTrack([track('ja', 'asr'), auto])).toBe(auto);
    expect(chooseCaptionTrack([track('ja', 'asr')])?.languageCode).toBe('ja');
  });

  it('recognises auto-generated tracks by their vssId too', () => {
    const vssAuto: CaptionTrack = {
      baseUrl: 'https://www.youtube.com/api/timedtext',
      languageCode: 'en',
      vssId: 'a.en',
    };
    const manual = track('es');
    expect(chooseCaptionTrack([vssAuto, manual])).toBe(manual);
  });

  it('has nothing to choose from an empty list', () => {
    expect(chooseCaptionTrack([])).toBeNull();
  });

  it("takes manual captions in the user's language first", () => {
    const spanish = track('es-419');
    expect(chooseCaptionTrack([track('en'), spanish], { preferredLanguages: ['es'] })).toBe(spanish);
  });

  it('takes exactly the chosen track, or none', () => {
    const auto = track('en', 'asr');
    const tracks = [track('en'), auto, track('fr')];
    expect(chooseCaptionTrack(tracks, { track: { languageCode: 'en', kind: 'auto' } })).toBe(auto);
    expect(chooseCaptionTrack(tracks, { track: { languageCode: 'de', kind: 'manual' } })).toBeNull();
    expect(chooseCaptionTrack(tracks, { track: { languageCode: 'fr', kind: 'auto' } })).toBeNull();
  });
});

describe('listCaptionTracks', () => {
  it('lists manual tracks first, names them, and lists a language of one kind once', () => {
    const named = (languageCode: string, name: string, kind?: string): CaptionTrack => ({
      ...track(languageCode, kind),
      name: { runs: [{ text: name }] },
    });
    expect(
      listCaptionTracks([
        named('en', 'English (auto-generated)', 'asr'),
        named('en', 'English'),
        named('en', 'English - CC'),
        { ...track('fr'), name: { simpleText: 'French' } },
        track('de'),
      ]),
    ).toEqual([
      { languageCode: 'en', kind: 'manual', name: 'English' },
      { languageCode: 'fr', kind: 'manual', name: 'French' },
      { languageCode: 'de', kind: 'manual', name: 'de' },
      { languageCode: 'en', kind: 'auto', name: 'English (auto-generated)' },
    ]);
  });
});

describe('playabilityOf', () => {
  it.each([
    [{ status: 'OK' }, 'ok'],
    [{ status: 'LOGIN_REQUIRED', reason: 'This video is private' }, 'private'],
    [{ status: 'ERROR', reason: 'This video is unavailable' }, 'unavailable'],
    [{ status: 'UNPLAYABLE', reason: 'Video unavailable' }, 'unavailable'],
  ])('%j is %s', (playabilityStatus, expected) => {
    expect(playabilityOf({ playabilityStatus })).toBe(expected);
  });

  it('is unknown without a status', () => {
    expect(playabilityOf({})).toBeNull();
  });
});

describe('metadataOf', () => {
  it('reads title, author, length and the widest thumbnail', () => {
    expect(
      metadataOf({
        videoDetails: {
          title: ' A lecture ',
          author: 'A channel',
          lengthSeconds: '754',
          thumbnail: {
            thumbnails: [
              { url: 'https://i.ytimg.com/small.jpg', width: 120 },
              { url: 'https://i.ytimg.com/large.jpg', width: 1280 },
              { url: 'https://i.ytimg.com/medium.jpg', width: 480 },
            ],
          },
        },
      }),
    ).toEqual({
      title: 'A lecture',
      channelName: 'A channel',
      thumbnailUrl: 'https://i.ytimg.com/large.jpg',
      duration: 754,
      chapters: [],
    });
  });

  it('reads the chapters the description gives', () => {
    const description = 'A lecture.\n\n0:00 Welcome\n1:10 Arrays\n5:30 Hash tables\n\n#cs';
    expect(
      metadataOf({ videoDetails: { lengthSeconds: '754', shortDescription: description } }).chapters,
    ).toEqual([
      { title: 'Welcome', start: 0 },
      { title: 'Arrays', start: 70 },
      { title: 'Hash tables', start: 330 },
    ]);
  });

  it('leaves out what is missing, blank or zero', () => {
    expect(metadataOf({ videoDetails: { title: '  ', lengthSeconds: '0' } })).toEqual({
      title: null,
      channelName: null,
      thumbnailUrl: null,
      duration: null,
      chapters: [],
    });
  });
});

describe('findInlinePlayerResponse', () => {
  it('finds the JSON assigned in the watch page and where it is', () => {
    const json = '{"playabilityStatus":{"status":"OK"},"videoDetails":{"title":"T"}}';
    const html = `<script>var ytInitialPlayerResponse = ${json};var other = {};</script>`;
    const found = findInlinePlayerResponse(html);
    expect(found?.json).toEqual(JSON.parse(json));
    expect(found && html.slice(found.start, found.end)).toBe(json);
  });

  it('is null when the page has none or it is cut short', () => {
    expect(findInlinePlayerResponse('<html></html>')).toBeNull();
    expect(findInlinePlayerResponse('var ytInitialPlayerResponse = {"a":{')).toBeNull();
  });
});
