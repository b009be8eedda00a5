export * from './awards';
export * from './enums';
export * from './incentives';
export * from './referrals';
export * from './split';
