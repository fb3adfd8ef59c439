import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The ffmpeg Lectern runs: FFMPEG_PATH when set, else the machine's (on the PATH), else the binary shipped in
 * `@ffmpeg-installer/ffmpeg`'s platform package (an optional dependency whose tarball carries it: nothing is
 * downloaded at install). Null when there is none.
 */
export function findFfmpeg(
  configured: string | undefined,
  searchPath = process.env.PATH ?? '',
  shipped: () => string | null = shippedFfmpeg,
): string | null {
  if (configured) return configured;
  for (const folder of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    if (isExecutable(candidate)) return candidate;
  }
  return shipped();
}

function shippedFfmpeg(): string | null {
  try {
    const shipped = createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path?: string };
    return shipped.path && isExecutable(shipped.path) ? shipped.path : null;
  } catch {
    return null;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
