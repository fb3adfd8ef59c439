import { parseSampleVideos } from './sample-videos';

describe('parseSampleVideos', () => {
  it('reads titled and bare links into watch links', () => {
    expect(
      parseSampleVideos(
        ' Photosynthesis | https://youtu.be/phtsynth101 ,https://www.youtube.com/watch?v=hashtables1,',
      ),
    ).toEqual({
      ok: true,
      samples: [
        { title: 'Photosynthesis', youtubeUrl: 'https://www.youtube.com/watch?v=phtsynth101' },
        { title: 'hashtables1', youtubeUrl: 'https://www.youtube.com/watch?v=hashtables1' },
      ],
    });
  });

  it('answers no samples for an empty value', () => {
    expect(parseSampleVideos('')).toEqual({ ok: true, samples: [] });
  });

  it('refuses an entry that is not a YouTube link, naming it', () => {
    const parsed = parseSampleVideos('Good|https://youtu.be/phtsynth101,Bad|https://example.com/video');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(
      /"https:\/\/example\.com\/video" is not a YouTube video link/,
    );
  });
});
