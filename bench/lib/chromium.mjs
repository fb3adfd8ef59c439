// Debian's Chromium, started with the flags of the browser tests (frontend/e2e/support/browser.ts): headless, and
// nothing that reaches for the network on its own (this machine's network is closed).
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
