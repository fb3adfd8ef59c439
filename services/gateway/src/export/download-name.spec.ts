import { contentDisposition, encodeRfc5987, readableFileName } from './download-name';

describe('download names', () => {
  it('keeps the title readable in filename* and the product rule in filename', () => {
    expect(contentDisposition('Photosynthesis: Light & Water', 'pdf')).toBe(
      `attachment; filename="Photosynthesis__Light___Water.pdf"; filename*=UTF-8''Photosynthesis_%20Light%20%26%20Water.pdf`,
    );
  });

  it('encodes what RFC 5987 does not allow bare', () => {
    expect(encodeRfc5987(`Newton's (first) law*.txt`)).toBe('Newton%27s%20%28first%29%20law%2A.txt');
    expect(encodeRfc5987('月.txt')).toBe('%E6%9C%88.txt');
  });

  it('falls back to the product rule for titles without letters or digits, and to transcript without a title', () => {
    expect(readableFileName('?!*', 'txt')).toBeNull();
    expect(contentDisposition('?!*', 'txt')).toBe(`attachment; filename="___.txt"; filename*=UTF-8''___.txt`);
    expect(contentDisposition(null, 'docx')).toBe(
      `attachment; filename="transcript.docx"; filename*=UTF-8''transcript.docx`,
    );
  });

  it('keeps long titles to 150 characters without splitting an emoji', () => {
    const name = readableFileName(`${'a'.repeat(149)}🌊🌊🌊`, 'txt')!;
    expect(name).toBe(`${'a'.repeat(149)}🌊.txt`);
  });

  it('names a quiz export with the extension Moodle imports it by', () => {
    expect(contentDisposition('Tides: high & low', 'gift')).toBe(
      `attachment; filename="Tides__high___low.gift.txt"; filename*=UTF-8''Tides_%20high%20%26%20low.gift.txt`,
    );
    expect(readableFileName('Tides', 'moodle')).toBe('Tides.moodle.xml');
  });
});
