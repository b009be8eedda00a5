export * from './app';
export * from './enums';
export * from './orders';
export * from './products';
export * from './tags';
