import './zod-zh';

export * from './enums';
export * from './identity';
export * from './resource';
export * from './response';
export * from './roles';
export * from './routes';
export * from './validation';
export * from './vehicles';
