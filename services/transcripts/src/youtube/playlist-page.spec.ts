import { parsePlaylistPage, secondsOfClock } from './playlist-page';

describe('parsePlaylistPage', () => {
  it('reads videos wherever the answer holds them, leaving out the sidebar and panels', () => {
    const video = (videoId: string) => ({
      playlistVideoRenderer: {
        videoId,
        title: { runs: [{ text: videoId }] },
        lengthSeconds: '61',
        isPlayable: true,
      },
    });
    const page = parsePlaylistPage({
      onResponseReceivedActions: [
        {
          reloadContinuationItemsCommand: { continuationItems: [video('aaaaaaaaaaa'), video('bbbbbbbbbbb')] },
        },
      ],
      sidebar: { playlistSidebarRenderer: { items: [video('sidebarVid1')] } },
      panels: [
        {
          continuationItemRenderer: {
            continuationEndpoint: { continuationCommand: { token: 'comments-token' } },
          },
        },
      ],
      metadata: { playlistMetadataRenderer: { title: 'A course' } },
    });
    expect(page.title).toBe('A course');
    expect(page.entries.map((entry) => entry.youtubeId)).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb']);
    expect(page.continuation).toBeNull();
  });

  it('tells a private entry by its title when YouTube leaves isPlayable out, and takes a length from lengthText', () => {
    const page = parsePlaylistPage({
      contents: [
        { playlistVideoRenderer: { videoId: 'ccccccccccc', title: { runs: [{ text: '[Private video]' }] } } },
        {
          playlistVideoRenderer: {
            videoId: 'ddddddddddd',
            title: { simpleText: 'Lecture' },
            lengthText: { simpleText: '1:02:03' },
          },
        },
      ],
    });
    expect(page.entries).toEqual([
      { kind: 'unplayable', youtubeId: 'ccccccccccc', reason: 'it is private on YouTube.' },
      { kind: 'video', youtubeId: 'ddddddddddd', title: 'Lecture', duration: 3723 },
    ]);
  });

  it('reads the ERROR alert of a playlist that does not exist', () => {
    const page = parsePlaylistPage({
      alerts: [
        { alertRenderer: { type: 'ERROR', text: { runs: [{ text: 'The playlist does not exist.' }] } } },
      ],
    });
    expect(page.error).toBe('The playlist does not exist.');
    expect(page.entries).toEqual([]);
  });

  it('reads clock lengths and nothing else', () => {
    expect(secondsOfClock('0:45')).toBe(45);
    expect(secondsOfClock('12:34')).toBe(754);
    expect(secondsOfClock('LIVE')).toBeNull();
    expect(secondsOfClock(null)).toBeNull();
  });
});
