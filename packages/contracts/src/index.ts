import './zod-zh';

// The kit, the catalogue and what every screen shares; each feature folder is exported by features.generated.ts.
export * from './downloads';
export * from './enums';
export * from './features.generated';
export * from './feedback';
export * from './identity';
export * from './resource';
export * from './response';
export * from './roles';
export * from './routes';
export * from './storage';
export * from './tones';
export * from './validation';
export * from './values';
