export * from './youtube-client';
export * from './youtube-env';
export { YouTubeFailures } from './youtube-errors';
export { YOUTUBE_PATHS, YOUTUBE_WEB_ORIGIN } from './youtube-session';
export { DEFAULT_YOUTUBE_FETCHES_PER_MINUTE, RedisFetchPacing, type FetchPacing } from './fetch-pacing';
