// The repository's TypeScript fakes (fake Stripe, fake OpenAI) as CommonJS for a benchmark run, compiled with swc
// into a temporary folder; their package imports resolve from the repository, not from that folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';
import { root } from './stack.mjs';

const require = createRequire(import.meta.url);

export function loadTsFixture(relativePath) {
  const { code } = transformFileSync(path.join(root, relativePath), {
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-fixture-'));
  const file = path.join(dir, `${path.basename(relativePath, '.ts')}.cjs`);
  writeFileSync(
    file,
    code.replace(
      /require\("([^."][^"]*)"\)/g,
      (_, name) => `require(${JSON.stringify(require.resolve(name))})`,
    ),
  );
  try {
    return require(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
