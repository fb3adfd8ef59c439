const preset = require('../../jest.preset.cjs');

// Beside the preset's tests: integration tests named after the rule they test, next to its code.
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: [...preset.testMatch, '<rootDir>/src/**/*.int-spec.ts'],
};
