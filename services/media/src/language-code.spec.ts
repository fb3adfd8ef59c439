import { languageCodeOf } from './language-code';

describe('languageCodeOf', () => {
  it.each([
    ['english', 'en'],
    ['English', 'en'],
    ['german', 'de'],
    ['en', 'en'],
    ['pt-br', 'pt-br'],
    [null, 'und'],
    ['klingon', 'und'],
  ])('%j is %j', (said, code) => {
    expect(languageCodeOf(said)).toBe(code);
  });
});
