export * from './fake-openai';
export * from './local-port';
export type { FakeQuizFault, FakeQuizFaults } from './fake-quiz';
