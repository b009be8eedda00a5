import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';
import { familyPages } from '../resource/registerFamilies';

/** 账单列表 and 账单详情, 应收明细, 实收明细; 逾期预警, 逾期明细, 催收明细; 坏账列表 and its 查看账单, 催款记录; 财务编码导入, 导入记录, 交易名称配置, 坏账分级配置. */
const familyScreens = familyPages(
  () => import('./families'),
  [
    'billList',
    'billListDetails',
    'accountsReceivableDetail',
    'actualCollectionDetails',
    'overdueWarning',
    'overdueDetails',
    'overdueDetailsView',
    'overdueDetailsEdit',
    'collectionDetails',
    'collectionDetailsView',
    'badDebtList',
    'badDebtPayment',
    'lookBill',
    'askPayment',
    'financialCodeImport',
    'financialCodeImportRecord',
    'transactionNameConfiguration',
    'hierarchicalAllocation',
  ],
);

/** The finance section's pages: its families' screens, and the two rent trends (their chart code loaded only there). */
const pages: PageRegistry = {
  ...familyScreens,
  lookaccount: lazyPage(
    () => import('./account/CustomerAccountPage'),
    (module) => module.CustomerAccountPage,
  ),
  staticRentTrend: lazyPage(
    () => import('./trends/RentTrendPage'),
    (module) => module.StaticRentTrendPage,
  ),
  dynamicRentTrend: lazyPage(
    () => import('./trends/RentTrendPage'),
    (module) => module.DynamicRentTrendPage,
  ),
};

export const feature = defineFeature({ pages });
