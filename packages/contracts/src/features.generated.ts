// Written by scripts/features.mjs (`npm run features`) from the folders holding a feature file: do not edit.
export * from './approvals';
export * from './channels';
export * from './customers';
export * from './drivers';
export * from './finance';
export * from './leads';
export * from './orders';
export * from './policies/resource';
export * from './prizeDraws';
export * from './qrCodes';
export * from './queues';
export * from './quotes';
export * from './referrals';
export * from './tags/resource';
export * from './users';
export * from './vehicles';
