/** A one-segment transcript row for the table tests, under a given YouTube id. */
export function transcriptRow(youtubeId: string, overrides: { channel_name?: string | null } = {}) {
  return {
    youtube_id: youtubeId,
    title: 'A talk',
    channel_name: null,
    thumbnail_url: null,
    duration: 60,
    caption_language: 'en',
    captions_auto_generated: false,
    caption_tracks_json: '[]',
    segment_count: 1,
    segments_json: '[{"text":"hello","start":0}]',
    transcript_text: 'hello',
    ...overrides,
  };
}
