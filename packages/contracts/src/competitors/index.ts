export * from './companies';
export * from './platforms';
export * from './rideHailing';
export * from './survey';
