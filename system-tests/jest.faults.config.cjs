// Fault drills: the built services run as child processes that the drills kill, restart and cut off.
module.exports = {
  ...require('../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
