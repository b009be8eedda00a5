import { familyPages } from '../resource/registerFamilies';

/** 应收明细, 实收明细; 财务编码导入, 导入记录, 交易名称配置, 坏账分级配置. */
export const financePages = familyPages(
  () => import('./families'),
  [
    'accountsReceivableDetail',
    'actualCollectionDetails',
    'financialCodeImport',
    'financialCodeImportRecord',
    'transactionNameConfiguration',
    'hierarchicalAllocation',
  ],
);
