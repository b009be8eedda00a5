export * from './build';
export * from './catalogue';
export * from './types';
