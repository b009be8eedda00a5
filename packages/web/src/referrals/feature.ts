import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 司机拉新's pages: 司机拉新, 奖励申请 and 激励分配, with their detail and 新增 pages. */
const pages = familyPages(
  () => import('./families'),
  [
    'driverPullNewList',
    'driverPullNewDetails',
    'awardApplication',
    'awardApplicationDetails',
    'incentiveAllocation',
    'incentiveAllocationAdd',
  ],
);

export const feature = defineFeature({ pages });
