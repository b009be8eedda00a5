import { defineSection, page } from '../build';

const rideHailingDrivers = '网约车司机';
const taxiDrivers = '出租车司机';
const clues = '线索管理';
const qrCodes = '二维码管理';
const referral = '司机拉新';
/** A driver page's buttons: the form, the import and export, and each step of the driver lifecycle. */
const driverButtons = [
  'add',
  'edit',
  'delete',
  ['audit', '审核'],
  ['freeze', '冻结'],
  ['unfreeze', '解冻'],
  ['blacklist', '拉黑'],
  ['churn', '标记流失'],
  'import',
  'export',
  ['viewSensitive', '查看敏感信息'],
] as const;

/** Government-enterprise, distributor and personal customers have no list of their own; they are created while working a clue. */
export const customerRoutes = defineSection('customer', [
  page('/ridehailingDrivers', '网约车司机', {
    group: rideHailingDrivers,
    buttons: driverButtons,
  }),
  page('/ridehailingDriversAdd', '新增网约车司机', {
    group: rideHailingDrivers,
    parent: '/ridehailingDrivers',
    requires: 'add',
  }),
  page('/ridehailingDriversEdit', '编辑网约车司机', {
    group: rideHailingDrivers,
    parent: '/ridehailingDrivers',
    requires: 'edit',
  }),
  page('/ridehailingDriversDetails', '网约车司机详情', { group: rideHailingDrivers, parent: '/ridehailingDrivers' }),
  page('/taxiDriver', '出租车司机', { group: taxiDrivers, buttons: driverButtons }),
  page('/taxiDriverAdd', '新增出租车司机', { group: taxiDrivers, parent: '/taxiDriver', requires: 'add' }),
  page('/taxiDriverEdit', '编辑出租车司机', { group: taxiDrivers, parent: '/taxiDriver', requires: 'edit' }),
  page('/taxiDriverDetails', '出租车司机详情', { group: taxiDrivers, parent: '/taxiDriver' }),
  page('/governmentCustomerAdd', '新增政企客户', { parent: '/threadDeatails', requires: 'add' }),
  page('/governmentCustomerEdit', '编辑政企客户', { parent: '/threadDeatails', requires: 'edit' }),
  page('/distributorAdd', '新增分销商', { parent: '/threadDeatails', requires: 'add' }),
  page('/distributorEdit', '编辑分销商', { parent: '/threadDeatails', requires: 'edit' }),
  page('/personalCustomerAdd', '新增个人客户', { parent: '/threadDeatails', requires: 'add' }),
  page('/personalCustomerEdit', '编辑个人客户', { parent: '/threadDeatails', requires: 'edit' }),
  page('/threadStatistics', '线索统计', { group: clues, buttons: ['export'] }),
  page('/threadDeatails', '线索明细', {
    group: clues,
    buttons: [
      'add',
      'edit',
      ['allocate', '分配'],
      ['followUp', '跟进'],
      ['activate', '激活'],
      ['invalidate', '无效'],
      'export',
      ['viewSensitive', '查看敏感信息'],
    ],
  }),
  page('/upLoadLog', '上传日志', { group: clues, buttons: ['import', 'export'] }),
  page('/threadDeatailsFollowUp', '线索跟进', { group: clues, parent: '/threadDeatails', requires: 'followUp' }),
  page('/threadDetailsLog', '线索日志', { group: clues, parent: '/threadDeatails' }),
  page('/uploadLogDetail', '上传日志详情', { group: clues, parent: '/upLoadLog' }),
  page('/channelManagement', '渠道管理', { buttons: ['add', 'edit', 'enable', 'disable', 'export'] }),
  page('/ruleManagement', '规则管理', { buttons: ['add', 'edit', 'delete', 'export'] }),
  page('/qrcodeManagement', '二维码管理', { group: qrCodes, buttons: ['add', ['download', '下载二维码'], 'export'] }),
  page('/templateManagement', '模板管理', {
    group: qrCodes,
    buttons: ['add', 'edit', 'delete', ['submit', '提交'], 'enable', 'disable', 'export'],
  }),
  page('/templateManagementAdd', '新增模板', { group: qrCodes, parent: '/templateManagement', requires: 'add' }),
  page('/templateManagementEdit', '编辑模板', { group: qrCodes, parent: '/templateManagement', requires: 'edit' }),
  page('/templateManagementDetails', '模板详情', { group: qrCodes, parent: '/templateManagement' }),
  page('/driverPullNewList', '司机拉新', {
    group: referral,
    buttons: ['add', ['advance', '推进阶段'], ['invalidate', '置为失效'], 'export'],
  }),
  page('/driverPullNewDetails', '拉新详情', { group: referral, parent: '/driverPullNewList' }),
  page('/awardApplication', '奖励申请', {
    group: referral,
    buttons: ['add', 'approve', ['reject', '驳回'], ['pay', '发放'], 'export'],
  }),
  page('/awardApplicationDetails', '奖励申请详情', { group: referral, parent: '/awardApplication' }),
  page('/incentiveAllocation', '激励分配', { group: referral, buttons: ['add', ['cancel', '作废'], 'export'] }),
  page('/incentiveAllocationAdd', '新增激励分配', { group: referral, parent: '/incentiveAllocation', requires: 'add' }),
  page('/prizeDraw', '抽奖管理', {
    buttons: ['add', 'edit', 'delete', ['publish', '发布'], ['end', '提前结束'], ['draw', '抽奖'], 'import', 'export'],
  }),
  page('/prizeDrawDetail', '抽奖详情', { parent: '/prizeDraw' }),
]);
