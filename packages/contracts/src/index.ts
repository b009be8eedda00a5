import './zod-zh';

export * from './identity';
export * from './response';
export * from './routes';
export * from './validation';
export * from './enums';
