export * from './claims';
export * from './resource';
