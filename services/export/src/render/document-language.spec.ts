import { documentLanguage, languageSlot } from './document-language';

describe('documentLanguage', () => {
  it.each([
    ['en', 'en'],
    ['es-419', 'es-419'],
    ['zh-Hans', 'zh-Hans'],
    ['iw', 'he'],
    ['en_GB', 'en-GB'],
    ['', null],
    ['und', null],
    [null, null],
    ['not a language!', null],
  ])('%p → %p', (code, expected) => {
    expect(documentLanguage(code)).toBe(expected);
  });
});

describe('languageSlot', () => {
  it.each([
    ['ar', 'bidi'],
    ['fa', 'bidi'],
    ['he', 'bidi'],
    ['ur', 'bidi'],
    ['ja', 'eastAsia'],
    ['zh-Hans', 'eastAsia'],
    ['ko', 'eastAsia'],
    ['en', 'latin'],
    ['ru', 'latin'],
  ])('%s → %s', (language, slot) => {
    expect(languageSlot(language)).toBe(slot);
  });
});
