export * from './fake-openai';
export * from './local-port';
