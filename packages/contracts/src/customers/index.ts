export * from './creditCode';
export * from './resource';
export * from './terms';
