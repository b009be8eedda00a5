export * from './driverApplications';
export * from './dueOrders';
export * from './exchanges';
export * from './leaseOrders';
export * from './retail';
export * from './returns';
export * from './schedule';
export * from './settlement';
