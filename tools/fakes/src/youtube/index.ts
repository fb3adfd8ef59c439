export * from './fake-youtube';
export { startConnectProxy, type ConnectProxy } from './connect-proxy';
export { TEN_HOUR_SEGMENTS, TRICKY_CAPTIONS, type FakeVideo } from './catalogue';
export { LECTURES } from './lectures';
export {
  COURSE_PLAYLIST_ID,
  HUGE_PLAYLIST_ID,
  LOCKUP_PLAYLIST_ID,
  SHORT_PLAYLIST_ID,
  courseLectureId,
  type FakePlaylist,
} from './playlists';
