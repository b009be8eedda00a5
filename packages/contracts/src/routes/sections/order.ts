import { defineSection, page } from '../build';

const retail = '零售订单';
const exchange = '换车管理';
const renewal = '续租管理';
const vehicleReturn = '退车管理';

export const orderRoutes = defineSection('order', [
  page('/leaseOrder', '租赁订单', {
    cached: true,
    buttons: [
      'add',
      ['submit', '提交审批'],
      ['fillDelivery', '填写交车信息'],
      ['cancel', '取消订单'],
      ['endLease', '退租'],
      ['cancelReturn', '取消退租'],
      ['delay', '延期'],
      ['continue', '续租'],
      ['exchange', '换车'],
      ['changeType', '修改订单类型'],
      ['associate', '关联订单'],
      'export',
    ],
  }),
  page('/leaseOrderDetails', '租赁订单详情', { parent: '/leaseOrder' }),
  page('/addOrder', '新增订单', { parent: '/leaseOrder', requires: 'add' }),
  page('/leaseOrderFillDelivery', '填写交车信息', { parent: '/leaseOrder', requires: 'fillDelivery' }),
  page('/retailOrder', '零售订单', {
    group: retail,
    buttons: [
      'add',
      'edit',
      ['submit', '提交工单'],
      ['deliver', '交车'],
      ['transfer', '过户'],
      ['cancel', '取消订单'],
      'export',
      ['viewSensitive', '查看敏感信息'],
    ],
  }),
  page('/retailOrderAdd', '新增零售订单', { group: retail, parent: '/retailOrder', requires: 'add' }),
  page('/retailOrderEdit/:id', '编辑零售订单', { group: retail, parent: '/retailOrder', requires: 'edit' }),
  page('/retailOrderView/:id', '零售订单详情', { group: retail, parent: '/retailOrder' }),
  page('/transferOrder', '换车订单', {
    group: exchange,
    buttons: [['resubmit', '重新提交'], ['handover', '换车交接'], ['cancel', '取消换车'], 'export'],
  }),
  page('/transferOrderDetails', '换车订单详情', { group: exchange, parent: '/transferOrder' }),
  page('/orderDueList', '到期订单', {
    group: renewal,
    buttons: [['continue', '续租'], ['endLease', '退租'], 'export'],
  }),
  page('/vehicleReturnCalculation', '退车核算', { group: vehicleReturn, buttons: [['calculate', '核算'], 'export'] }),
  page('/accountingSheet', '核算单', {
    group: vehicleReturn,
    buttons: [
      'edit',
      ['refundPay', '确认打款'],
      ['refundResubmit', '重新提交退款'],
      'export',
      ['viewSensitive', '查看敏感信息'],
    ],
  }),
  page('/accountingUnit', '核算主体', { group: vehicleReturn, buttons: ['add', 'edit', 'delete', 'export'] }),
  page('/driverApplication', '司机申请', { buttons: ['approve', 'export'] }),
  page('/driverApplicationDetail', '司机申请详情', { parent: '/driverApplication' }),
]);
