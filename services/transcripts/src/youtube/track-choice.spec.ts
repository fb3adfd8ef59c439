import type { CaptionTrackChoice } from '@lectern/contracts';
import { baseLanguage, chooseDefaultTrack, findTrack } from './track-choice';

const manual = (languageCode: string): CaptionTrackChoice => ({ languageCode, kind: 'manual' });
const auto = (languageCode: string): CaptionTrackChoice => ({ languageCode, kind: 'auto' });

describe('chooseDefaultTrack', () => {
  const tracks = [auto('en'), manual('fr'), manual('es-419'), manual('en')];

  it('takes manual captions in the first of the user languages the video has', () => {
    expect(chooseDefaultTrack(tracks, ['de', 'fr', 'en'])).toEqual(manual('fr'));
  });

  it("matches a base language: 'es' wants 'es-419'", () => {
    expect(chooseDefaultTrack(tracks, ['es'])).toEqual(manual('es-419'));
  });

  it("matches a base language the other way: 'es-419' wants 'es'", () => {
    expect(chooseDefaultTrack([manual('en'), manual('es')], ['es-419'])).toEqual(manual('es'));
  });

  it('prefers the exact regional code to another region of the same language', () => {
    expect(chooseDefaultTrack([manual('pt-PT'), manual('pt-BR')], ['pt-BR'])).toEqual(manual('pt-BR'));
  });

  it('ignores letter case and wildcard or blank languages', () => {
    expect(chooseDefaultTrack(tracks, ['*', ' ', 'FR'])).toEqual(manual('fr'));
  });

  it('falls back to manual English when none of the user languages is there', () => {
    expect(chooseDefaultTrack(tracks, ['de'])).toEqual(manual('en'));
    expect(chooseDefaultTrack(tracks)).toEqual(manual('en'));
  });

  it('accepts regional English as English', () => {
    expect(chooseDefaultTrack([manual('fr'), manual('en-GB')])).toEqual(manual('en-GB'));
  });

  it('takes the first manual track before any auto-generated one', () => {
    expect(chooseDefaultTrack([auto('en'), manual('de'), manual('fr')])).toEqual(manual('de'));
  });

  it('never takes auto-generated captions in the user language over manual ones', () => {
    expect(chooseDefaultTrack([auto('de'), manual('fr')], ['de'])).toEqual(manual('fr'));
  });

  it('falls back to auto-generated captions, English first', () => {
    expect(chooseDefaultTrack([auto('ja'), auto('en')])).toEqual(auto('en'));
    expect(chooseDefaultTrack([auto('ja')])).toEqual(auto('ja'));
  });

  it('has nothing to choose from an empty list', () => {
    expect(chooseDefaultTrack([], ['en'])).toBeNull();
  });
});

describe('findTrack', () => {
  it('tells a manual track from the auto-generated one of the same language', () => {
    const tracks = [auto('en'), manual('fr')];
    expect(findTrack(tracks, auto('en'))).toBe(tracks[0]);
    expect(findTrack(tracks, manual('en'))).toBeNull();
    expect(findTrack(tracks, manual('FR'))).toBe(tracks[1]);
  });
});

describe('baseLanguage', () => {
  it.each([
    ['es-419', 'es'],
    ['zh-Hans', 'zh'],
    ['EN', 'en'],
    ['pt_BR', 'pt'],
  ])('%s → %s', (code, base) => {
    expect(baseLanguage(code)).toBe(base);
  });
});
