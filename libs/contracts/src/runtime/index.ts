export * from './account-tokens';
