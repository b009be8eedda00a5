export * from './books';
export * from './config';
