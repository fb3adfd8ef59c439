import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

// One stack for the whole run: starting five processes takes seconds, each test file signs up its own users.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  return () => stack.stop();
}
