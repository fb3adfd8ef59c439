import { ParseIdPipe } from '../http/parse-id.pipe';
import { VIDEO_NOT_FOUND } from './user-video';

/** Reads a route's video id: anything that is not one of ours is 'Video not found.' (404), never a query. */
export const videoIdPipe = new ParseIdPipe(VIDEO_NOT_FOUND);
