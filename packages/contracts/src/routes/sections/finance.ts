import { defineSection, page } from '../build';

export const financeRoutes = defineSection('finance', [
  page('/billList', '账单列表', {
    buttons: [
      'add',
      ['activate', '激活'],
      ['shutdown', '关停'],
      ['relief', '减免'],
      ['addExpense', '添加费用'],
      ['uploadVoucher', '上传到账凭证'],
      'export',
    ],
  }),
  page('/billListDetails', '账单详情', { parent: '/billList' }),
  page('/accountsReceivableDetail', '应收明细', { buttons: ['edit', 'export'] }),
  page('/staticRentTrend', '静态租金趋势', { buttons: ['export'] }),
  page('/actualCollectionDetails', '实收明细', { buttons: [['add', '登记收款'], ['reverse', '冲销'], 'export'] }),
]);
