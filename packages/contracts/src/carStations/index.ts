export * from './app';
export * from './resource';
