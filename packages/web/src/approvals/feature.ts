import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 审批管理's lists: the to-do pages, 已办事项, 我发起的, the offline approvals and 产品报价's approval form. */
const pages = familyPages(
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
    'productQuoteApproval',
  ],
);

export const feature = defineFeature({ pages });
