export * from './sent-moments';
export * from './moment-filter';
export * from './link-filter';
export * from './output-guard';
export * from './text-units';
export * from './text-filter';
