import { argumentsFor, audioCommandOf, proxyEnvOf } from './youtube-audio';

describe('YOUTUBE_AUDIO_COMMAND', () => {
  it('is split as a shell splits words, quotes kept together, and nothing when unset', () => {
    expect(audioCommandOf(undefined)).toEqual([]);
    expect(audioCommandOf('  ')).toEqual([]);
    expect(audioCommandOf(`yt-dlp -f 'bestaudio[ext=m4a]/bestaudio' -o - {url}`)).toEqual([
      'yt-dlp',
      '-f',
      'bestaudio[ext=m4a]/bestaudio',
      '-o',
      '-',
      '{url}',
    ]);
  });

  it('passes $ words on as written and refuses what only a shell could run', () => {
    expect(audioCommandOf('yt-dlp --cookies $HOME/c.txt')).toEqual(['yt-dlp', '--cookies', '$HOME/c.txt']);
    expect(() => audioCommandOf('yt-dlp -o - {url} | cat')).toThrow(/without a shell/);
    expect(() => audioCommandOf('yt-dlp -o - {url} > /tmp/a')).toThrow(/without a shell/);
  });

  it('puts the URL in its {url} place, else after the last argument', () => {
    const url = 'https://www.youtube.com/watch?v=abcdefghijk';
    expect(argumentsFor(['yt-dlp', '-o', '-', '{url}'], url)).toEqual(['yt-dlp', '-o', '-', url]);
    expect(argumentsFor(['yt-dlp', '--url={url}', '-o', '-'], url)).toEqual([
      'yt-dlp',
      `--url=${url}`,
      '-o',
      '-',
    ]);
    expect(argumentsFor(['yt-dlp', '-o', '-'], url)).toEqual(['yt-dlp', '-o', '-', url]);
  });

  it('gets the first YouTube proxy as the usual proxy variables', () => {
    expect(proxyEnvOf(undefined)).toEqual({});
    expect(proxyEnvOf(' http://a:1 , http://b:2')).toMatchObject({
      HTTPS_PROXY: 'http://a:1',
      HTTP_PROXY: 'http://a:1',
    });
  });
});
