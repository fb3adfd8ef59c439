import { preferredEncoding } from './accept-encoding';
import { answerEncoding } from './revalidatable-json';

const asking = (acceptEncoding?: string) => ({
  headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
});

describe('answerEncoding', () => {
  it.each([
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br', 'br'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip;q=0.5, *;q=0.5', 'br'],
    ['*', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('answers %p with %s', (header, expected) => {
    expect(answerEncoding(asking(header))).toBe(expected);
  });
});

describe('preferredEncoding', () => {
  it('chooses among what is available only, by q-value, the earlier one on a tie', () => {
    expect(preferredEncoding(asking('br;q=0.8, gzip;q=0.3'), ['gzip'])).toBe('gzip');
    expect(preferredEncoding(asking('br;q=0.8, gzip;q=0.3'), ['gzip', 'br'])).toBe('br');
    expect(preferredEncoding(asking('br, gzip'), ['gzip', 'br'])).toBe('gzip');
    expect(preferredEncoding(asking('br'), ['gzip'])).toBeUndefined();
  });
});
