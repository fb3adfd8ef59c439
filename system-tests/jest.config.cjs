// The gateway and the workers together: every suite starts a gateway and the workers' runtimes in-process.
module.exports = { ...require('../jest.preset.cjs'), rootDir: __dirname };
