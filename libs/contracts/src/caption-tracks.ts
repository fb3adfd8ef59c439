import type { CaptionTrackChoice } from './entities';

/** The language a code names without its region or script: "es-419" → "es", "en_GB" → "en". */
export function baseLanguage(code: string): string {
  return code.split(/[-_]/)[0]!.toLowerCase();
}

export function sameTrack(a: CaptionTrackChoice, b: CaptionTrackChoice): boolean {
  return a.kind === b.kind && a.languageCode.toLowerCase() === b.languageCode.toLowerCase();
}

/** The listed track the choice names, if the video has it. */
export function findTrack<T extends CaptionTrackChoice>(
  tracks: readonly T[],
  choice: CaptionTrackChoice,
): T | null {
  return tracks.find((track) => sameTrack(track, choice)) ?? null;
}

/** The track of `tracks` in `language`: the exact code first ("en-GB"), else the same base language. */
function inLanguage<T extends CaptionTrackChoice>(tracks: readonly T[], language: string): T | undefined {
  const wanted = language.toLowerCase();
  return (
    tracks.find((track) => track.languageCode.toLowerCase() === wanted) ??
    tracks.find((track) => baseLanguage(track.languageCode) === baseLanguage(wanted))
  );
}

/** Wildcards and blanks (as a raw `Accept-Language` may hold) name no language and are passed over. */
function inAnyOf<T extends CaptionTrackChoice>(
  tracks: readonly T[],
  languages: readonly string[],
): T | undefined {
  for (const language of languages) {
    if (language.trim() === '' || language === '*') continue;
    const track = inLanguage(tracks, language.trim());
    if (track) return track;
  }
  return undefined;
}

/**
 * The track Lectern reads when the user has not chosen one: manual captions in one of the user's languages
 * (most wanted first), else manual English, else the first manual track; only then auto-generated captions,
 * English first. The gateway makes it on the tracks the shared cache lists, the transcripts worker on YouTube's
 * answer and on that same listing, so a cached video needs no YouTube traffic.
 */
export function defaultCaptionTrack<T extends CaptionTrackChoice>(
  tracks: readonly T[],
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
  stored: readonly T[],
  choice: CaptionTrackChoice,
): T | null {
  return (
    findTrack(stored, choice) ??
    inLanguage(
      stored.filter((track) => baseLanguage(track.languageCode) === baseLanguage(choice.languageCode)),
      choice.languageCode,
    ) ??
    null
  );
}
