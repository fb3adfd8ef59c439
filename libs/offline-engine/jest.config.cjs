// The engine's own specs beside its code and the bench's judges, and its integration tests in test/.
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: [...preset.testMatch, '<rootDir>/bench/**/*.spec.ts'],
};
