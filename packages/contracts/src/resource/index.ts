export * from './fields';
export * from './lifecycle';
export * from './lookups';
export * from './preferences';
export * from './resource';
export * from './rows';
export * from './screen';
export * from './tabs';
