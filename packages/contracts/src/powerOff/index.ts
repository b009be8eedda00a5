export * from './commands';
export * from './requests';
