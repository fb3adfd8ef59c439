import type { CaptionTrackChoice } from './entities';

/** The language a code names without its region or script: "es-419" → "es", "en_GB" → "en". */
export function baseLanguage(code: string): string {
  return code.split(/[-_]/)[0]!.toLowerCase();
}

export function sameTrack(a: CaptionTrackChoice, b: CaptionTrackChoice): boolean {
  return a.kind === b.kind && a.languageCode.toLowerCase() === b.languageCode.toLowerCase();
}

/** The track of `tracks` in `language`: the exact code first ("en-GB"), else the same base language. */
function inLanguage<T extends CaptionTrackChoice>(tracks: T[], language: string): T | undefined {
  const wanted = language.toLowerCase();
  return (
    tracks.find((track) => track.languageCode.toLowerCase() === wanted) ??
    tracks.find((track) => baseLanguage(track.languageCode) === baseLanguage(wanted))
  );
}

function inAnyOf<T extends CaptionTrackChoice>(tracks: T[], languages: readonly string[]): T | undefined {
  for (const language of languages) {
    const track = inLanguage(tracks, language);
    if (track) return track;
  }
  return undefined;
}

/**
 * The track Lectern reads when the user has not chosen one: manual captions in one of the user's languages
 * (most wanted first), else manual English, else the first manual track; only then auto-generated captions,
 * English first. The transcripts worker makes the same choice on YouTube's answer.
 */
export function defaultCaptionTrack<T extends CaptionTrackChoice>(
  tracks: T[],
  preferredLanguages: readonly string[] = [],
): T | null {
  const manual = tracks.filter((track) => track.kind === 'manual');
  const automatic = tracks.filter((track) => track.kind === 'auto');
  const english = (track: T) => baseLanguage(track.languageCode) === 'en';
  return (
    inAnyOf(manual, preferredLanguages) ??
    manual.find(english) ??
    manual[0] ??
    automatic.find(english) ??
    automatic[0] ??
    null
  );
}

/**
 * The stored transcript that answers a default request for `choice`: its own track, else one in the same
 * language. When YouTube withholds the default track (it wants a proof-of-origin token), Lectern reads
 * another track of the same language instead, and stores only that one.
 */
export function storedDefaultTrack<T extends CaptionTrackChoice>(
  stored: T[],
  choice: CaptionTrackChoice,
): T | null {
  return (
    stored.find((track) => sameTrack(track, choice)) ??
    inLanguage(
      stored.filter((track) => baseLanguage(track.languageCode) === baseLanguage(choice.languageCode)),
      choice.languageCode,
    ) ??
    null
  );
}
