export * from './dueOrders';
export * from './leaseOrders';
export * from './returns';
export * from './schedule';
export * from './settlement';
