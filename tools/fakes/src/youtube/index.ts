export * from './fake-youtube';
export { TEN_HOUR_SEGMENTS, TRICKY_CAPTIONS, type FakeVideo } from './catalogue';
export { LECTURES } from './lectures';
