export * from './actions';
export * from './app';
export * from './enums';
export * from './resource';
