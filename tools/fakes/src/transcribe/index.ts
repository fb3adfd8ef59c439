export * from './fake-transcribe';
