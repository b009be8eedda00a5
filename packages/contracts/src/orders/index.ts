export * from './leaseOrders';
export * from './schedule';
