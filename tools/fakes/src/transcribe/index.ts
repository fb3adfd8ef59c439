export * from './fake-transcribe';
export * from './spoken-lecture';
export * from './speech-fixture';
