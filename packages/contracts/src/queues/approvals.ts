import { approvalTaskScreens } from '../approvals/resources';
import { defineQueues } from './queue';

/** The approval tasks waiting for the user themself (待办事项 keeps them to the session's user). */
export const approvalQueues = defineQueues({
  tasksToApprove: {
    title: '待我审批',
    screen: approvalTaskScreens.tobeDone,
    action: 'approve',
  },
});
