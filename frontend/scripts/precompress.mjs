// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy next to each text file of dist/, at the
// strongest settings, once; the gateway sends them to browsers that accept them instead of compressing the
// same JavaScript again on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = new Set([
  // index.html too: the gateway serves it as it is for every page path, so it is compressed once here.
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.xml',
  '.webmanifest',
  '.wasm',
]);
// The gateway does not compress smaller answers either: the saving is lost in the headers.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  count += 1;
  before += content.length;
  afterBr += br.length;
}
console.log(
  `precompressed ${count} files: ${Math.round(before / 1024)} KB, ${Math.round(afterBr / 1024)} KB with Brotli`,
);
