// Shared by every Node workspace: SWC compiles TypeScript with decorator metadata (NestJS DI needs it), and
// the libraries (@lectern/contracts, @lectern/queue-runtime, @lectern/db) resolve to their sources so tests never
// depend on a stale build.
const path = require('node:path');

const contracts = path.join(__dirname, 'libs/contracts/src');
const queueRuntime = path.join(__dirname, 'libs/queue-runtime/src');
const db = path.join(__dirname, 'libs/db/src');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '^@lectern/contracts$': `${contracts}/index.ts`,
    '^@lectern/queue-runtime$': `${queueRuntime}/index.ts`,
    '^@lectern/db$': `${db}/index.ts`,
    '^@lectern/db/migrations$': `${db}/migrations/index.ts`,
    '^@lectern/db/testing$': `${db}/testing.ts`,
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 30_000,
};
