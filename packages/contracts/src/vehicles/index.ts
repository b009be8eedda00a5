export * from './actions';
export * from './enums';
export * from './identifiers';
export * from './lifecycle';
export * from './records';
export * from './resource';
export * from './screens';
