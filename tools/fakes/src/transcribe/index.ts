export * from './fake-transcribe';
export * from './spoken-lecture';
