import { defineSection, type PageSpec, page } from '../build';

const station = '司机驿站';
const express = '快递商品';
const points = '积分管理';
const articles = '文章管理';
const policies = '政策管理';
const rent = '租金管理';
const badDebt = '坏账管理';
const safety = '安全管理';
const activation = '司机激活';
const rideHailingCompetitors = '网约车竞品';
const maintenanceCompetitors = '维保竞品';

/** Each competitor list has a `/:type` child listing another kind of the page's records, with the same title. */
function competitorPages(
  group: string,
  base: string,
  lists: readonly (readonly [slug: string, title: string])[],
): PageSpec[] {
  return lists.flatMap(([slug, title]) => {
    const path = `${base}/${slug}`;
    return [
      page(path, title, { group, buttons: ['add', 'edit', 'delete', 'export'] }),
      page(`${path}/:type`, title, { group, parent: path }),
    ];
  });
}

export const operationRoutes = defineSection('operation', [
  page('/driveStation', '司机驿站', {
    group: station,
    buttons: ['add', 'edit', 'delete', 'enable', 'disable', 'export'],
  }),
  page('/driveStationAdd', '新增驿站', { group: station, parent: '/driveStation', requires: 'add' }),
  page('/expressGoods', '快递商品', {
    group: express,
    buttons: [
      'add',
      'edit',
      'delete',
      ['listing', '上下架'],
      ['exchange', '兑换'],
      ['address', '填写地址'],
      ['ship', '发货'],
      ['cancelExchange', '取消兑换'],
      'import',
      'export',
    ],
  }),
  page('/expressAdd', '新增商品', { group: express, parent: '/expressGoods', requires: 'add' }),
  page('/expressEdit', '编辑商品', { group: express, parent: '/expressGoods', requires: 'edit' }),
  page('/expressDetails', '商品详情', { group: express, parent: '/expressGoods' }),
  page('/integral', '积分任务', { group: points, buttons: ['edit', 'enable', 'disable', 'export'] }),
  page('/integralAll', '积分总览', { group: points, buttons: [['adjust', '调整积分'], 'export'] }),
  page('/integralAllDetails', '积分明细', { group: points, parent: '/integralAll', buttons: ['export'] }),
  page('/maikaSchool', '麦卡学堂', {
    group: articles,
    buttons: ['add', 'edit', 'delete', ['publish', '发布'], ['withdraw', '下架'], 'export'],
  }),
  page('/maikaSchoolAdd', '新增文章', { group: articles, parent: '/maikaSchool', requires: 'add' }),
  page('/commonTags', '通用标签', { group: articles, buttons: ['add', 'edit', 'delete', 'export'] }),
  page('/hotNews', '热点资讯', {
    group: articles,
    buttons: ['add', 'edit', 'delete', ['publish', '发布'], ['withdraw', '下架'], 'export'],
  }),
  page('/hotNewsAdd', '新增资讯', { group: articles, parent: '/hotNews', requires: 'add' }),
  page('/policyList', '政策列表', { group: policies, buttons: ['add', 'edit', ['cancel', '作废'], 'export'] }),
  page('/policyAdd', '新增政策', { group: policies, parent: '/policyList', requires: 'add' }),
  page('/policyEdit', '编辑政策', { group: policies, parent: '/policyList', requires: 'edit' }),
  page('/policyDetails', '政策详情', { group: policies, parent: '/policyList' }),
  page('/marketingPolicyDetails', '营销政策详情', { group: policies, parent: '/marketingPolicyCancellation' }),
  page('/marketingPolicyCancellation', '营销政策核销', {
    group: policies,
    buttons: [
      ['add', '绑定政策'],
      ['check', '核单'],
      ['start', '开始核销'],
      ['verify', '确认核销'],
      ['cancel', '作废'],
      'export',
    ],
  }),
  page('/dynamicRentTrend', '动态租金趋势', { group: rent, buttons: ['export'] }),
  page('/overdueWarning', '逾期预警', { group: rent, buttons: ['export'] }),
  page('/overdueDetails', '逾期明细', { group: rent, buttons: ['edit', ['call', '催收'], 'export'] }),
  page('/overdueDetailsView/:id', '逾期详情', { group: rent, parent: '/overdueDetails' }),
  page('/overdueDetailsEdit/:id', '编辑逾期', { group: rent, parent: '/overdueDetails', requires: 'edit' }),
  page('/collectionDetails', '催收明细', { group: rent, buttons: ['export'] }),
  page('/collectionDetailsView/:id', '催收详情', { group: rent, parent: '/collectionDetails' }),
  page('/badDebtList', '坏账列表', { group: badDebt, buttons: [['assign', '分配'], ['call', '催收'], 'export'] }),
  page('/badDebtPayment', '坏账回款', {
    group: badDebt,
    buttons: [['add', '登记回款'], ['confirmArrival', '确认到账'], 'export'],
  }),
  page('/lookBill', '查看账单', { group: badDebt, parent: '/badDebtList' }),
  page('/lookaccount', '查看账户', { group: badDebt, parent: '/badDebtList' }),
  page('/askPayment', '催款记录', { group: badDebt, parent: '/badDebtList' }),
  page('/securityConference', '安全会议', {
    group: safety,
    buttons: [
      'add',
      'edit',
      'delete',
      ['publish', '发布'],
      ['end', '结束会议'],
      ['cancel', '取消会议'],
      ['signIn', '签到'],
      ['staffSignIn', '补签'],
      ['makeUp', '补学'],
      'export',
    ],
  }),
  page('/safetySystem', '安全制度', {
    group: safety,
    buttons: ['add', 'edit', 'delete', ['repeal', '废止'], 'export'],
  }),
  page('/boardingPlan', '上车计划', {
    buttons: [
      'add',
      'edit',
      ['board', '上车'],
      ['postpone', '延期'],
      ['cancel', '取消'],
      ['noShow', '未到店'],
      ['viewSensitive', '查看敏感信息'],
      'export',
    ],
  }),
  // `publicUpload` also guards the public file upload (永久公开链接: app content, images, PDFs, videos).
  page('/contentManagement', '内容管理', {
    group: activation,
    buttons: [
      'add',
      'edit',
      'delete',
      ['publish', '发布'],
      ['withdraw', '下架'],
      ['publicUpload', '上传公开文件'],
      'export',
    ],
  }),
  page('/contentManagementAdd', '新增内容', { group: activation, parent: '/contentManagement', requires: 'add' }),
  page('/contentManagementDetails', '内容详情', { group: activation, parent: '/contentManagement' }),
  page('/contentManagementEdit', '编辑内容', { group: activation, parent: '/contentManagement', requires: 'edit' }),
  page('/interactiveRecording', '互动记录', {
    group: activation,
    buttons: [['viewSensitive', '查看敏感信息'], 'export'],
  }),
  ...competitorPages(rideHailingCompetitors, '/cp-competition-management', [
    ['ride-hailing-info', '网约车信息'],
    ['platform-info', '平台信息'],
    ['cp-company-info', '公司信息'],
  ]),
  ...competitorPages(maintenanceCompetitors, '/maintenance-competition-management', [
    ['new-energy', '新能源'],
    ['oil-trucks', '燃油车'],
  ]),
]);
