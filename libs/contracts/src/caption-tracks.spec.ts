import {
  baseLanguage,
  defaultCaptionTrack,
  findTrack,
  sameTrack,
  storedDefaultTrack,
} from './caption-tracks';
import type { CaptionTrack } from './entities';

const track = (languageCode: string, kind: 'manual' | 'auto'): CaptionTrack => ({
  languageCode,
  kind,
  name: `${languageCode} ${kind}`,
});

describe('defaultCaptionTrack', () => {
  const tracks = [track('es', 'manual'), track('en', 'manual'), track('de', 'auto'), track('en', 'auto')];

  it("prefers manual captions in the user's language, most wanted first", () => {
    expect(defaultCaptionTrack(tracks, ['es-ES', 'en'])).toEqual(track('es', 'manual'));
    expect(defaultCaptionTrack(tracks, ['fr', 'en-GB'])).toEqual(track('en', 'manual'));
  });

  it('ignores letter case and wildcard or blank languages', () => {
    expect(defaultCaptionTrack(tracks, ['*', ' ', 'EN'])).toEqual(track('en', 'manual'));
    expect(defaultCaptionTrack(tracks, [' es '])).toEqual(track('es', 'manual'));
  });

  it('takes the exact regional code before another region of the same language', () => {
    const regional = [track('es-419', 'manual'), track('es-ES', 'manual')];
    expect(defaultCaptionTrack(regional, ['es-ES'])).toEqual(track('es-ES', 'manual'));
    expect(defaultCaptionTrack(regional, ['es'])).toEqual(track('es-419', 'manual'));
  });

  it('falls back to the first manual English track (any region), then the first manual track', () => {
    expect(defaultCaptionTrack([track('en-GB', 'manual'), track('en', 'manual')], ['ja'])).toEqual(
      track('en-GB', 'manual'),
    );
    expect(defaultCaptionTrack(tracks, ['ja'])).toEqual(track('en', 'manual'));
    expect(defaultCaptionTrack(tracks, [])).toEqual(track('en', 'manual'));
    expect(defaultCaptionTrack([track('es', 'manual'), track('en', 'auto')], ['ja'])).toEqual(
      track('es', 'manual'),
    );
  });

  it('uses auto-generated captions only when no manual track exists, English first', () => {
    const auto = [track('de', 'auto'), track('en-US', 'auto')];
    expect(defaultCaptionTrack(auto, ['de-AT'])).toEqual(track('en-US', 'auto'));
    expect(defaultCaptionTrack(auto, ['fr'])).toEqual(track('en-US', 'auto'));
    expect(defaultCaptionTrack([track('fr', 'auto')], ['ja'])).toEqual(track('fr', 'auto'));
  });

  it("never takes auto-generated captions in the user's language over manual ones", () => {
    expect(defaultCaptionTrack([track('de', 'auto'), track('fr', 'manual')], ['de'])).toEqual(
      track('fr', 'manual'),
    );
  });

  it('answers null without tracks', () => {
    expect(defaultCaptionTrack([], ['en'])).toBeNull();
  });
});

describe('sameTrack and baseLanguage', () => {
  it('compare language codes without regard to case, and kinds exactly', () => {
    expect(
      sameTrack({ languageCode: 'en-GB', kind: 'manual' }, { languageCode: 'en-gb', kind: 'manual' }),
    ).toBe(true);
    expect(sameTrack({ languageCode: 'en', kind: 'manual' }, { languageCode: 'en', kind: 'auto' })).toBe(
      false,
    );
    expect(baseLanguage('es-419')).toBe('es');
    expect(baseLanguage('zh_Hant')).toBe('zh');
    expect(baseLanguage('EN')).toBe('en');
  });
});

describe('findTrack', () => {
  it('tells a manual track from the auto-generated one of the same language', () => {
    const tracks = [track('en', 'auto'), track('fr', 'manual')];
    expect(findTrack(tracks, { languageCode: 'en', kind: 'auto' })).toBe(tracks[0]);
    expect(findTrack(tracks, { languageCode: 'en', kind: 'manual' })).toBeNull();
    expect(findTrack(tracks, { languageCode: 'FR', kind: 'manual' })).toBe(tracks[1]);
  });
});

describe('storedDefaultTrack', () => {
  const stored = [
    { id: 'fr', languageCode: 'fr', kind: 'manual' as const },
    { id: 'en-auto', languageCode: 'en', kind: 'auto' as const },
  ];

  it('answers the stored row of the wanted track', () => {
    expect(storedDefaultTrack(stored, { languageCode: 'fr', kind: 'manual' })?.id).toBe('fr');
  });

  it('answers a stored track of the same language when the wanted one was never stored', () => {
    expect(storedDefaultTrack(stored, { languageCode: 'en', kind: 'manual' })?.id).toBe('en-auto');
    expect(storedDefaultTrack(stored, { languageCode: 'en-GB', kind: 'manual' })?.id).toBe('en-auto');
  });

  it('answers nothing for another language', () => {
    expect(storedDefaultTrack(stored, { languageCode: 'es', kind: 'manual' })).toBeNull();
  });
});
