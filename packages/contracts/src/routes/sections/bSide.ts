import { defineSection, page } from '../build';

const rentalOrders = '租赁订单';
const carReturn = '还车管理';
const carExchange = '换车管理';
const powerOff = '断电管理';

export const bSideRoutes = defineSection('bSide', [
  page('/bSideOperation/index', 'B端概览', { buttons: ['export'] }),
  page('/rentalOrder', 'B端租赁订单', {
    group: rentalOrders,
    buttons: ['add', 'edit', 'delete', ['submit', '提交'], ['changeInPerform', '履约中变更'], 'export'],
  }),
  page('/rentalOrder/add', '新增B端订单', { group: rentalOrders, parent: '/rentalOrder', requires: 'add' }),
  page('/rentalOrder/update/:id', '编辑B端订单', { group: rentalOrders, parent: '/rentalOrder', requires: 'edit' }),
  page('/rentalOrder/updateInPerform/:id', '履约中变更', {
    group: rentalOrders,
    parent: '/rentalOrder',
    requires: 'changeInPerform',
  }),
  page('/rentalOrderDetails/:id', 'B端订单详情', { group: rentalOrders, parent: '/rentalOrder' }),
  page('/rentalOrderHistoryDetails/:id', '订单历史详情', { group: rentalOrders, parent: '/rentalOrder' }),
  page('/rentalOrderRemoval', '订单解除', { group: rentalOrders, buttons: [['terminate', '解除'], 'export'] }),
  page('/handoverManage', '交接管理', { buttons: [['handover', '交接'], 'export'] }),
  page('/handoverManageDetails', '交接详情', { parent: '/handoverManage' }),
  page('/customerManage', '客户管理', { buttons: ['add', 'edit', ['viewSensitive', '查看敏感信息'], 'export'] }),
  page('/customerManageEdit', '编辑客户', { parent: '/customerManage', requires: 'edit' }),
  page('/returnCarManage', '还车管理', { group: carReturn, buttons: [['apply', '还车申请'], 'export'] }),
  page('/returnCarApply/:id', '还车申请', { group: carReturn, parent: '/returnCarManage', requires: 'apply' }),
  page('/returnCarDetail/:id', '还车详情', { group: carReturn, parent: '/returnCarManage' }),
  page('/exchangeManage', '换车管理', {
    group: carExchange,
    buttons: [['apply', '换车申请'], ['handoverApply', '换车交接申请'], ['resubmit', '重新提交'], 'export'],
  }),
  page('/exchangeCarApply/:id', '换车申请', { group: carExchange, parent: '/exchangeManage', requires: 'apply' }),
  page('/exchangeCarDetail/:id', '换车详情', { group: carExchange, parent: '/exchangeManage' }),
  page('/exchangeCarHandoverApply/:id/:orderId', '换车交接申请', {
    group: carExchange,
    parent: '/exchangeManage',
    requires: 'handoverApply',
  }),
  page('/exchangeCarHandoverApplyDetail/:id/:orderId', '换车交接详情', {
    group: carExchange,
    parent: '/exchangeManage',
  }),
  page('/powerOff/index', '断电管理', {
    group: powerOff,
    buttons: [['powerOff', '断电'], ['powerOn', '复电'], 'export'],
  }),
  page('/powerOff/applyList', '断电申请', { group: powerOff, buttons: ['add', 'approve', 'export'] }),
  page('/powerOff/statistic', '断电统计', { group: powerOff, buttons: ['export'] }),
]);
