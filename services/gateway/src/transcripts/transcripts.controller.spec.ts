import { preferredLanguages } from './transcripts.controller';

describe('preferredLanguages', () => {
  it('orders languages by quality, keeping the order of equal ones', () => {
    expect(preferredLanguages('en;q=0.5, de-AT, de;q=0.9')).toEqual(['de-AT', 'de', 'en']);
    expect(preferredLanguages('fr-CA,fr;q=0.8,en-US;q=0.6,en;q=0.4')).toEqual(['fr-CA', 'fr', 'en-US', 'en']);
    expect(preferredLanguages('es, pt')).toEqual(['es', 'pt']);
  });

  it('leaves out wildcards, refused languages and malformed entries', () => {
    expect(preferredLanguages('*')).toEqual([]);
    expect(preferredLanguages('de, en;q=0, *;q=0.1')).toEqual(['de']);
    expect(preferredLanguages('<script>, en, 12, x;q=abc')).toEqual(['en']);
  });

  it('answers nothing without a header, and each language once', () => {
    expect(preferredLanguages(undefined)).toEqual([]);
    expect(preferredLanguages('')).toEqual([]);
    expect(preferredLanguages('en, EN;q=0.9, en')).toEqual(['en']);
  });

  it('keeps at most eight languages', () => {
    const header = Array.from({ length: 20 }, (_, i) => `l${String.fromCharCode(97 + i)}`).join(',');
    expect(preferredLanguages(header)).toHaveLength(8);
  });
});
