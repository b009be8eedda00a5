export * from './fields';
export * from './lifecycle';
export * from './lookups';
export * from './resource';
export * from './rows';
export * from './screen';
