export * from './fake-openai';
