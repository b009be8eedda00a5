import { defineSection, page } from '../build';

const retention = '留资管理';
const feedback = '意见反馈';
const marketplace = '商城管理';
const coupons = '优惠券管理';
const safetyContent = '安全内容';
const tagButtons = ['add', 'edit', 'delete', 'export'] as const;
const retentionButtons = [
  'add',
  ['followUp', '跟进'],
  ['convert', '转化'],
  ['invalidate', '无效'],
  ['viewSensitive', '查看完整手机号'],
  'export',
] as const;

export const appRoutes = defineSection('app', [
  page('/carStationIndex', '车站管理', { buttons: ['add', 'edit', 'delete', 'export'] }),
  page('/carRetention', '留资管理', { group: retention, buttons: retentionButtons }),
  page('/carRetentionAdd', '新增留资', { group: retention, parent: '/carRetention', requires: 'add' }),
  page('/carRetentionFollowUp', '留资跟进', { group: retention, parent: '/carRetention', requires: 'followUp' }),
  page('/carRetentionAlliance', '联盟留资', { group: retention, buttons: [...retentionButtons, 'edit'] }),
  // 合作方 (the alliance partners and their staff) is a view of the page: `/carRetentionAlliance/partners`.
  page('/carRetentionAlliance/:type', '联盟留资', { group: retention, parent: '/carRetentionAlliance' }),
  page('/carRetentionAllianceAdd', '新增联盟留资', {
    group: retention,
    parent: '/carRetentionAlliance',
    requires: 'add',
  }),
  page('/carRetentionAllianceFollowUp', '联盟留资跟进', {
    group: retention,
    parent: '/carRetentionAlliance',
    requires: 'followUp',
  }),
  page('/feedBack', '意见反馈', { group: feedback, buttons: ['add', ['handle', '处理'], 'export'] }),
  page('/feedBackAdd', '新增反馈', { group: feedback, parent: '/feedBack', requires: 'add' }),
  page('/feedBackTags', '反馈标签', { group: feedback, buttons: tagButtons }),
  page('/marketplaceProducts', '商城商品', {
    group: marketplace,
    buttons: ['add', 'edit', 'delete', ['listing', '上下架'], 'export'],
  }),
  page('/marketplaceProductsAdd', '新增商品', { group: marketplace, parent: '/marketplaceProducts', requires: 'add' }),
  page('/marketplaceProductsTags', '商品标签', { group: marketplace, buttons: tagButtons }),
  page('/marketplaceOrders', '商城订单', {
    group: marketplace,
    buttons: ['add', ['ship', '发货'], ['cancel', '取消订单'], 'export'],
  }),
  page('/marketplaceOrdersAdd', '新增商城订单', { group: marketplace, parent: '/marketplaceOrders', requires: 'add' }),
  page('/couponManage', '优惠券管理', {
    group: coupons,
    buttons: ['add', 'edit', ['listing', '上下架'], ['assign', '指定发放'], 'export'],
  }),
  page('/couponAdd', '新增优惠券', { group: coupons, parent: '/couponManage', requires: 'add' }),
  page('/couponUpdate/:id', '编辑优惠券', { group: coupons, parent: '/couponManage', requires: 'edit' }),
  page('/couponDetail/:id', '优惠券详情', { group: coupons, parent: '/couponManage' }),
  page('/couponProductsTags', '优惠券商品标签', { group: coupons, buttons: tagButtons }),
  page('/couponOrderManage', '券订单管理', {
    group: coupons,
    buttons: [['verify', '核销'], ['refund', '退款'], 'export'],
  }),
  page('/couponOrderDetail/:id', '券订单详情', { group: coupons, parent: '/couponOrderManage' }),
  page('/couponSecurityManage', '安全内容管理', {
    group: safetyContent,
    buttons: ['add', 'edit', 'enable', 'disable', 'export'],
  }),
  page('/couponSecurityAdd', '新增安全内容', {
    group: safetyContent,
    parent: '/couponSecurityManage',
    requires: 'add',
  }),
  page('/couponSecurityDetail/:id', '安全内容详情', { group: safetyContent, parent: '/couponSecurityManage' }),
  page('/couponSecurityStatis/:id', '安全内容统计', { group: safetyContent, parent: '/couponSecurityManage' }),
  page('/couponSecurityUpdate/:id', '编辑安全内容', {
    group: safetyContent,
    parent: '/couponSecurityManage',
    requires: 'edit',
  }),
]);
