export * from './dueOrders';
export * from './leaseOrders';
export * from './schedule';
