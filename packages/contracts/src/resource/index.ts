export * from './fields';
export * from './resource';
