import { familyPages } from '../resource/registerFamilies';

/** 审批管理's lists: the to-do pages, 已办事项, 我发起的 and the offline approvals. */
export const approvalPages = familyPages(
  () => import('./families'),
  [
    'tobeDone',
    'starSeaTobeDone',
    'guojinTobeDone',
    'refund',
    'done',
    'initiated',
    'offlineApprove',
    'offlineApproveDone',
    'offlineApproveInitial',
  ],
);
