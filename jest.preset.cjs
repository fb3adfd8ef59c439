// Shared by every Node workspace: SWC compiles TypeScript with decorator metadata (NestJS DI needs it), and
// the libraries (@lectern/contracts, @lectern/queue-runtime, @lectern/db, @lectern/handovers,
// @lectern/offline-engine) and the development fakes (@lectern/fakes) resolve to their sources so tests never
// depend on a stale build.
const path = require('node:path');

const contracts = path.join(__dirname, 'libs/contracts/src');
const queueRuntime = path.join(__dirname, 'libs/queue-runtime/src');
const db = path.join(__dirname, 'libs/db/src');
const handovers = path.join(__dirname, 'libs/handovers/src');
const fakes = path.join(__dirname, 'tools/fakes/src');
const offlineEngine = path.join(__dirname, 'libs/offline-engine');

// Where the tests find PostgreSQL and Redis: the machine's, on their usual addresses, unless `npm test` started
// servers of its own because none answered there (scripts/test-with-servers.mjs). Jest's workers inherit these.
process.env.LECTERN_TEST_POSTGRES_URL ??= 'postgres://postgres@127.0.0.1:5432';
process.env.LECTERN_TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

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
    '^@lectern/contracts/testing$': `${contracts}/testing.ts`,
    '^@lectern/queue-runtime$': `${queueRuntime}/index.ts`,
    '^@lectern/db$': `${db}/index.ts`,
    '^@lectern/db/migrations$': `${db}/migrations/index.ts`,
    '^@lectern/db/testing$': `${db}/testing.ts`,
    '^@lectern/handovers$': `${handovers}/index.ts`,
    '^@lectern/fakes/(.+)$': `${fakes}/$1`,
    '^@lectern/offline-engine$': `${offlineEngine}/src/index.ts`,
    '^@lectern/offline-engine/bench$': `${offlineEngine}/bench/index.ts`,
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 30_000,
};
