import { ParseIdPipe } from '../http/parse-id.pipe';

/** The answer for a video id that is not in the user's library (or not an id at all). */
export const VIDEO_NOT_FOUND = 'Video not found.';

/** Reads a route's video id: anything that is not one of ours is 'Video not found.' (404), never a query. */
export const videoIdPipe = new ParseIdPipe(VIDEO_NOT_FOUND);
