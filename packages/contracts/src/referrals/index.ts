export * from './enums';
export * from './incentives';
export * from './split';
