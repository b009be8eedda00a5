import { creditCodeProblem } from '../customers/creditCode';
import { defineEnum, enabledStatus } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

const page = 'company-operation';

/** The lines of business a branch company runs (DOMAIN-2 §13). */
export const businessLine = defineEnum('业务线', [
  [1, '网约车'],
  [2, '出租车'],
  [3, 'B端'],
  [4, '零售'],
]);

/** Where the road-transport permit stands today (Beijing): computed from its expiry, never stored. */
export const permitStatus = defineEnum(
  '许可证状态',
  [
    [1, '正常'],
    [2, '证件即将到期'],
    [3, '证件已过期'],
    [0, '未登记'],
  ],
  { status: true },
);

/** Days before a permit's expiry from which the list and detail warn (即将到期). */
export const permitWarningDays = 60;

/**
 * 公司运营配置: one branch company's record and operating parameters. Each branch company has one, in its own
 * scope; the services read the parameters through the server's `companySettings` at the moment they act.
 */
export const companyResource = defineResource({
  key: 'branchCompany',
  title: '公司',
  page,
  endpoint: '/api/branch-companies',
  identity: 'shortName',
  operations: ['create', 'update', 'export'],
  defaultSort: { field: 'createdAt', order: 'asc' },
  fields: {
    shortName: fields.text('公司简称', { required: true, max: 30, filter: 'like', hint: '切换分公司时显示的名称' }),
    fullName: fields.text('公司全称', { required: true, max: 100 }),
    creditCode: fields.text('统一社会信用代码', { max: 18, check: creditCodeProblem }),
    legalRepresentative: fields.text('法定代表人', { max: 30 }),
    registeredAddress: fields.text('注册地址', { max: 200, list: false }),
    cityIds: fields.refs('运营城市', 'city', { required: true, max: 400, filter: 'eq' }),
    businessLines: fields.enumsOf(businessLine, { required: true, title: '业务线', filter: 'eq' }),
    status: fields.enumOf(enabledStatus, { required: true, filter: 'eq', hint: '有未结束订单的公司不能停用' }),
    permitNo: fields.text('道路运输经营许可证号', { max: 30, list: false }),
    permitExpiry: fields.date('许可证有效期至', { sortable: true }),
    permitStatus: fields.enumOf(permitStatus, { form: false, filter: 'eq' }),
    signingEntity: fields.text('合同签约主体', { max: 100, list: false }),
    bankAccountName: fields.text('收款账户名', { max: 100, list: false }),
    bankName: fields.text('收款开户行', { max: 100, list: false }),
    bankAccountNo: fields.text('收款账号', { max: 40, list: false }),
    invoiceTitle: fields.text('开票抬头', { max: 100, list: false }),
    invoiceTaxNo: fields.text('纳税人识别号', { max: 20, list: false }),
    invoiceAddressPhone: fields.text('开票地址及电话', { max: 200, list: false }),
    invoiceBankAccount: fields.text('开票开户行及账号', { max: 200, list: false }),
    billLeadDays: fields.integer('出账提前天数', {
      required: true,
      min: 0,
      max: 60,
      list: false,
      hint: '账单在应收日期前几天出账，次日的出账任务即按新值',
    }),
    graceDays: fields.integer('宽限天数', {
      required: true,
      min: 0,
      max: 60,
      list: false,
      hint: '新订单的默认宽限天数',
    }),
    lateFeeRate: fields.integer('滞纳金日费率（万分之）', {
      required: true,
      min: 0,
      max: 100,
      list: false,
      hint: '新订单的默认费率；已签订单保持签订时的费率',
    }),
    powerOffSpeedKmh: fields.integer('断电限速（km/h）', {
      required: true,
      min: 0,
      max: 120,
      list: false,
      hint: '车速高于此值或点火时不断电，待停车后执行',
    }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** A key of the drivers' app: 启用 until 停用, which is final. */
export const appKeyStatus = defineEnum(
  'APP凭证状态',
  [
    [1, '启用'],
    [0, '停用'],
  ],
  { status: true },
);

export const appKeyLifecycle = defineLifecycle({
  field: 'status',
  states: appKeyStatus,
  transitions: [
    {
      action: 'rotate',
      from: [1],
      to: null,
      button: `${page}:edit`,
      title: '轮换',
      confirm: '将签发一把同名的新凭证（密钥只显示一次）；旧凭证仍可使用，待APP换用新凭证后再停用旧凭证。',
    },
    {
      action: 'disable',
      from: [1],
      to: 0,
      button: `${page}:edit`,
      confirm: '停用后使用该凭证的请求立即被拒绝，且不能再启用。',
    },
  ],
});

/** APP凭证: the drivers' app's keys of a branch company (`X-App-Key`); the secret is shown once, on issue. */
export const companyAppKeyResource = defineResource({
  key: 'companyAppKey',
  title: 'APP凭证',
  page,
  endpoint: '/api/company-app-keys',
  identity: 'name',
  operations: ['create'],
  lifecycle: appKeyLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    companyId: fields.parentId('公司'),
    name: fields.text('凭证名称', { required: true, max: 30, hint: '用途，如“司机APP”' }),
    keyId: fields.text('凭证编号', { form: false }),
    status: fields.enumOf(appKeyStatus, { form: false, filter: 'eq' }),
    lastUsedAt: fields.datetime('最近使用', { form: false }),
    createdAt: fields.datetime('签发时间', { form: false, sortable: true }),
  },
});

export const companyScreens = {
  'company-operation': defineScreen(companyResource, { route: page }),
  appKeys: defineScreen(companyAppKeyResource, {
    route: page,
    embedded: { name: 'companyAppKeys', title: 'APP凭证' },
    actions: ['rotate', 'disable'],
  }),
};
