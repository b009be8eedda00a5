export * from './actions';
export * from './enums';
export * from './lifecycle';
export * from './resource';
export * from './rules';
export * from './screens';
export * from './statistics';
