import { familyPages } from '../resource/registerFamilies';

/** 司机拉新's pages: 激励分配 and its 新增. */
export const referralPages = familyPages(() => import('./families'), ['incentiveAllocation', 'incentiveAllocationAdd']);
