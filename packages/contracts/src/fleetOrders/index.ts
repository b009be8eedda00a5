export * from './cars';
export * from './resource';
