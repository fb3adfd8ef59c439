import { parsePlaylistUrl, PlaylistUrlMessages, youtubePlaylistUrl } from './playlist-url';

const LIST = 'PLUl4u3cNGP63WbdFxL8giv4yhgdMGaZNA';

describe('parsePlaylistUrl', () => {
  it.each([
    [`https://www.youtube.com/playlist?list=${LIST}`],
    [`https://youtube.com/playlist?list=${LIST}&si=AbCdEf`],
    [`https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=${LIST}&index=3`],
    [`https://www.youtube.com/watch?list=${LIST}&v=dQw4w9WgXcQ`],
    [`https://youtu.be/dQw4w9WgXcQ?list=${LIST}`],
    [`https://m.youtube.com/playlist?list=${LIST}`],
    [`https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=${LIST}`],
    [`https://music.youtube.com/playlist?list=${LIST}`],
    [`https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=${LIST}`],
    [`https://www.youtube-nocookie.com/embed/videoseries?list=${LIST}`],
    [`www.youtube.com/playlist?list=${LIST}`],
    [`  youtube.com/playlist?list=${LIST}  `],
    [`http://www.youtube.com/playlist?list=${LIST}`],
    [LIST],
  ])('reads the playlist of %s', (input) => {
    expect(parsePlaylistUrl(input)).toEqual({ ok: true, listId: LIST });
  });

  it('keeps the ids of other kinds of playlist: a channel’s uploads, an album', () => {
    expect(parsePlaylistUrl('https://www.youtube.com/playlist?list=UUsBjURrPoezykLs9EqgamOA')).toEqual({
      ok: true,
      listId: 'UUsBjURrPoezykLs9EqgamOA',
    });
    expect(
      parsePlaylistUrl('https://music.youtube.com/playlist?list=OLAK5uy_kNJ4VgLAnZSs6mm8LZzWq5e6BDYqYf5GY'),
    ).toEqual({
      ok: true,
      listId: 'OLAK5uy_kNJ4VgLAnZSs6mm8LZzWq5e6BDYqYf5GY',
    });
  });

  it.each([
    ['', PlaylistUrlMessages.blank],
    ['   ', PlaylistUrlMessages.blank],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', PlaylistUrlMessages.noList],
    ['https://youtu.be/dQw4w9WgXcQ', PlaylistUrlMessages.noList],
    ['https://www.youtube.com/playlist?list=', PlaylistUrlMessages.noList],
    ['https://vimeo.com/channels/staffpicks', PlaylistUrlMessages.notYouTube],
    [`https://youtube.com.evil.example/playlist?list=${LIST}`, PlaylistUrlMessages.notYouTube],
    [`javascript:alert(1)//youtube.com/playlist?list=${LIST}`, PlaylistUrlMessages.notYouTube],
    ['https://www.youtube.com/playlist?list=PL<script>', PlaylistUrlMessages.badList],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=RDdQw4w9WgXcQ', PlaylistUrlMessages.mix],
    ['https://www.youtube.com/playlist?list=WL', PlaylistUrlMessages.personal],
    ['https://www.youtube.com/playlist?list=LL', PlaylistUrlMessages.personal],
    [`https://www.youtube.com/playlist?list=${'a'.repeat(3000)}`, PlaylistUrlMessages.tooLong],
  ])('refuses %j with a sentence saying why', (input, message) => {
    expect(parsePlaylistUrl(input)).toEqual({ ok: false, message });
  });

  it('gives the playlist page of an id', () => {
    expect(youtubePlaylistUrl(LIST)).toBe(`https://www.youtube.com/playlist?list=${LIST}`);
  });
});
