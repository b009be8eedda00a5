export * from './enums';
export * from './resource';
