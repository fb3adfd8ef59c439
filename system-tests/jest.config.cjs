// The gateway and the workers together: every suite starts a gateway and the workers' runtimes in-process.
module.exports = {
  ...require('../jest.preset.cjs'),
  rootDir: __dirname,
  // eventsource-parser (reading the gateway's event streams) and github-slugger (the docs' anchors) ship only as
  // ES modules: compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(eventsource-parser|github-slugger)/)'],
};
