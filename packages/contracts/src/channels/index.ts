export * from './resource';
export * from './rules';
