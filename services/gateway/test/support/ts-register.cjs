// `node -r ./ts-register.cjs child.ts`: runs a test's TypeScript in a child process the way Jest runs it (the
// same SWC options, the libraries from their sources), so a child never depends on a stale build.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');
const preset = require('../../../../jest.preset.cjs');

const [, swcOptions] = preset.transform['^.+\\.(t|j)s$'];
const contracts = path.join(__dirname, '../../../../libs/contracts/src');
const aliases = {
  '@lectern/contracts': path.join(contracts, 'index.ts'),
  '@lectern/db': path.join(__dirname, '../../../../libs/db/src/index.ts'),
  '@lectern/db/migrations': path.join(__dirname, '../../../../libs/db/src/migrations/index.ts'),
  '@lectern/queue-runtime': path.join(__dirname, '../../../../libs/queue-runtime/src/index.ts'),
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  module._compile(transformSync(source, { ...swcOptions, filename }).code, filename);
};
