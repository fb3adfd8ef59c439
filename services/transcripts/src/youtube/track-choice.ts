import type { CaptionTrackChoice } from '@lectern/contracts';

// Which caption track a transcript is made from, when the user has not chosen one. Used by the worker both on
// YouTube's answer and on the track list the shared cache keeps, so a cached video needs no YouTube traffic.

const lower = (code: string) => code.toLowerCase();

/** "es-419" → "es"; YouTube's codes are BCP 47 tags such as "en", "en-GB", "es-419", "zh-Hans". */
export function baseLanguage(code: string): string {
  return lower(code.split(/[-_]/)[0] ?? code);
}

const isEnglish = (track: CaptionTrackChoice) => baseLanguage(track.languageCode) === 'en';

export function isSameTrack(a: CaptionTrackChoice, b: CaptionTrackChoice): boolean {
  return a.kind === b.kind && lower(a.languageCode) === lower(b.languageCode);
}

/** The listed track the choice names, if the video has it. */
export function findTrack<T extends CaptionTrackChoice>(
  tracks: readonly T[],
  choice: CaptionTrackChoice,
): T | null {
  return tracks.find((track) => isSameTrack(track, choice)) ?? null;
}

/** A manual track in the language wanted: the exact code first, then the same base language ('es' ↔ 'es-419'). */
function manualIn<T extends CaptionTrackChoice>(manual: readonly T[], language: string): T | undefined {
  return (
    manual.find((track) => lower(track.languageCode) === lower(language)) ??
    manual.find((track) => baseLanguage(track.languageCode) === baseLanguage(language))
  );
}

/**
 * Manual captions in one of the user's languages (most wanted first), else manual English, else the first
 * manual track, else auto-generated captions, English first.
 */
export function chooseDefaultTrack<T extends CaptionTrackChoice>(
  tracks: readonly T[],
  preferredLanguages: readonly string[] = [],
): T | null {
  const manual = tracks.filter((track) => track.kind === 'manual');
  const automatic = tracks.filter((track) => track.kind === 'auto');
  for (const language of preferredLanguages) {
    if (language.trim() === '' || language === '*') continue;
    const wanted = manualIn(manual, language.trim());
    if (wanted) return wanted;
  }
  return manual.find(isEnglish) ?? manual[0] ?? automatic.find(isEnglish) ?? automatic[0] ?? null;
}

export const describeTrack = (track: CaptionTrackChoice): string =>
  `${track.kind === 'auto' ? 'auto-generated' : 'manual'} captions in "${track.languageCode}"`;
