// Turns a pasted YouTube playlist link into the playlist's id. Shared by the gateway (400 answers) and the SPA
// (instant feedback), so it stays free of Node imports.

import { SHORT_HOSTS, YOUTUBE_HOSTS, YOUTUBE_URL_MAX_LENGTH } from './youtube-url';

export type ParsedPlaylistUrl = { ok: true; listId: string } | { ok: false; message: string };

export const PlaylistUrlMessages = {
  blank: 'Please enter a YouTube playlist link.',
  tooLong: 'That link is too long to be a YouTube playlist link.',
  notYouTube: 'Only YouTube playlists can be imported; paste a youtube.com or youtu.be link.',
  noList:
    'That link has no playlist in it; open the playlist on YouTube and paste its link (it has "list=" in it).',
  badList: 'That YouTube link has an invalid playlist id; copy the playlist link from YouTube again.',
  mix: 'That is a YouTube mix, which YouTube makes up for each viewer; import a playlist instead.',
  personal:
    'That list (Watch later or Liked videos) is private to your YouTube account; make a playlist of its videos and import that.',
} as const;

// Playlist ids are letters, digits, - and _: PL… (34 characters today, 18 for old ones), OL…, UU… (a channel's
// uploads) and more; any such id of a sensible length is handed to YouTube, which knows its own.
const LIST_ID = /^[A-Za-z0-9_-]{2,64}$/;
// Lists YouTube keeps to one signed-in account: Lectern, signed in as nobody, cannot read them.
const PERSONAL_LISTS = new Set(['WL', 'LL', 'LM']);

const fail = (message: string): ParsedPlaylistUrl => ({ ok: false, message });

/**
 * The playlist id of any link form YouTube gives a playlist: `/playlist?list=`, a video in a playlist
 * (`/watch?v=…&list=…`, `youtu.be/…?list=…`, `/embed/videoseries?list=`), on the www, mobile and music hosts; or a
 * bare playlist id.
 */
export function parsePlaylistUrl(input: string): ParsedPlaylistUrl {
  if (typeof input !== 'string') return fail(PlaylistUrlMessages.blank);
  const text = input.trim();
  if (text === '') return fail(PlaylistUrlMessages.blank);
  if (text.length > YOUTUBE_URL_MAX_LENGTH) return fail(PlaylistUrlMessages.tooLong);
  if (/^(PL|OL|UU|FL)[A-Za-z0-9_-]{10,62}$/.test(text)) return checked(text);

  const href = /^https?:\/\//i.test(text)
    ? text
    : text.startsWith('//')
      ? `https:${text}`
      : `https://${text}`;
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) && !/^https?:/i.test(text))
    return fail(PlaylistUrlMessages.notYouTube);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return fail(PlaylistUrlMessages.notYouTube);
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!YOUTUBE_HOSTS.has(host) && !SHORT_HOSTS.has(host)) return fail(PlaylistUrlMessages.notYouTube);
  const list = url.searchParams.get('list');
  if (list === null || list.trim() === '') return fail(PlaylistUrlMessages.noList);
  return checked(list.trim());
}

function checked(listId: string): ParsedPlaylistUrl {
  if (!LIST_ID.test(listId)) return fail(PlaylistUrlMessages.badList);
  if (listId.startsWith('RD')) return fail(PlaylistUrlMessages.mix);
  if (PERSONAL_LISTS.has(listId)) return fail(PlaylistUrlMessages.personal);
  return { ok: true, listId };
}

/** The playlist's own page on YouTube. */
export function youtubePlaylistUrl(listId: string): string {
  return `https://www.youtube.com/playlist?list=${encodeURIComponent(listId)}`;
}
