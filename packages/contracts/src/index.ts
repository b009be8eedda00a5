import './zod-zh';

export * from './channels';
export * from './customers';
export * from './downloads';
export * from './enums';
export * from './feedback';
export * from './identity';
export * from './leads';
export * from './queues';
export * from './resource';
export * from './response';
export * from './roles';
export * from './routes';
export * from './storage';
export * from './users';
export * from './validation';
export * from './values';
export * from './vehicles';
