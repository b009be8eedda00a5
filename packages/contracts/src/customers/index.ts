export * from './creditCode';
export * from './resource';
