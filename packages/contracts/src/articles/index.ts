export * from './articles';
export * from './hotNews';
export * from './publishing';
