/** The answer for a video id that is not in the user's library (or not an id at all). */
export const VIDEO_NOT_FOUND = 'Video not found.';
