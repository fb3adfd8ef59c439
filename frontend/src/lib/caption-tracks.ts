import type { CaptionTrack, CaptionTrackChoice } from '@lectern/contracts';

/** One string per track, for a select's values: "manual:en", "auto:es-419". */
export function trackValue(track: CaptionTrackChoice): string {
  return `${track.kind}:${track.languageCode}`;
}

/** Manual tracks first, each group in the order YouTube lists them. */
export function orderTracks(tracks: readonly CaptionTrack[]): CaptionTrack[] {
  return [...tracks.filter((t) => t.kind === 'manual'), ...tracks.filter((t) => t.kind === 'auto')];
}

/** What switching did, for the toast: silent about highlights when none were lost. */
export function switchedDescription(trackName: string, droppedHighlights: number): string {
  const now = `The transcript now comes from the ${trackName} captions.`;
  if (droppedHighlights === 0) return now;
  const count = droppedHighlights === 1 ? '1 highlight' : `${droppedHighlights} highlights`;
  const verb = droppedHighlights === 1 ? 'was' : 'were';
  return `${now} ${count} no longer matched the text and ${verb} removed.`;
}
