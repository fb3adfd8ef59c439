import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFfmpeg } from './ffmpeg-binary';

describe('findFfmpeg', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ffmpeg-path-'));
  const onPath = path.join(folder, 'ffmpeg');
  writeFileSync(onPath, '#!/bin/sh\n');
  chmodSync(onPath, 0o755);

  it('takes FFMPEG_PATH first', () => {
    expect(findFfmpeg('/opt/ffmpeg/bin/ffmpeg', folder, () => '/shipped')).toBe('/opt/ffmpeg/bin/ffmpeg');
  });

  it('then the one on the PATH', () => {
    expect(findFfmpeg(undefined, `/nowhere${path.delimiter}${folder}`, () => '/shipped')).toBe(onPath);
  });

  it('then the one shipped with the install, else none', () => {
    expect(findFfmpeg(undefined, '/nowhere', () => '/shipped')).toBe('/shipped');
    expect(findFfmpeg(undefined, '/nowhere', () => null)).toBeNull();
  });
});
