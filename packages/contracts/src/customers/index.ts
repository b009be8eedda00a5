export * from './enums';
export * from './identifiers';
export * from './lifecycle';
export * from './resource';
export * from './screens';
