export * from './business';
export * from './enums';
export * from './record';
export * from './resources';
