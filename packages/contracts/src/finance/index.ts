export * from './account';
export * from './bills';
export * from './books';
export * from './collection';
export * from './config';
export * from './lateFee';
export * from './trends';
