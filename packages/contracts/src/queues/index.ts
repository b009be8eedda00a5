import { approvalQueues } from './approvals';
import { driverQueues } from './drivers';
import { leadQueues } from './leads';
import type { Queue } from './queue';
import { vehicleQueues } from './vehicles';

export * from './api';
export * from './queue';
export { approvalQueues, driverQueues, leadQueues, vehicleQueues };

/** Every section's queues, in the order the home page lists them. A section adds its own here. */
export const queues: readonly Queue[] = [
  ...Object.values(approvalQueues),
  ...Object.values(vehicleQueues),
  ...Object.values(driverQueues),
  ...Object.values(leadQueues),
];

export const queuesByKey: ReadonlyMap<string, Queue> = new Map(queues.map((queue) => [queue.key, queue]));
if (queuesByKey.size !== queues.length) throw new Error('two queues share a key');
