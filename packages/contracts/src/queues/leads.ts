import { leadScreens } from '../leads/screens';
import { defineQueues } from './queue';

/**
 * Leads no salesperson works yet (待分配), for those who may 分配 them. A queue of the current user's own
 * 待跟进 leads needs queues counted per user, which the registry does not do yet.
 */
export const leadQueues = defineQueues({
  leadsToAllocate: {
    title: '待分配的线索',
    screen: leadScreens.threadDeatails,
    filter: { tab: '0' },
    action: 'allocate',
  },
});
