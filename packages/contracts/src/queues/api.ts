import { z } from 'zod';
import { text } from '../values';

/** One queue's count, capped like a list's total. */
export const queueCount = z.object({
  key: text().meta({ description: '待办队列' }),
  total: z.number().int().meta({ description: '条数，至多10000' }),
  totalExact: z.boolean().meta({ description: 'false 表示超过10000条' }),
});
export type QueueCount = z.infer<typeof queueCount>;

/** The queues the session may act on, with their counts, and their sum (the user's 我的待办). */
export const homeQueues = z.object({
  queues: z.array(queueCount),
  pendingNum: z.number().int().meta({ description: '待办总数：各队列条数之和' }),
});
export type HomeQueues = z.infer<typeof homeQueues>;

/** The tenant's vehicles per stage (SPEC vehicleEnums.stage), every stage listed. */
export const fleetByStage = z.object({
  stages: z.array(
    z.object({
      stage: z.number().int().meta({ description: '车辆阶段' }),
      count: z.number().int().meta({ description: '车辆数' }),
    }),
  ),
});
export type FleetByStage = z.infer<typeof fleetByStage>;
