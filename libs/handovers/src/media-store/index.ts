export * from './media-store';
