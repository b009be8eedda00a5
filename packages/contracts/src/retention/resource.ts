import { enums } from '../enums';
import { leadEnums } from '../leads/enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import {
  partnerKind,
  retentionFollowUpResult,
  retentionSource,
  retentionSourcePage,
  retentionStatus,
  retentionTarget,
} from './enums';
import { retentionLifecycle } from './lifecycle';

/**
 * What every 留资 holds, from the app, staff or a partner. The mobile is masked in every answer and export
 * (`…:viewSensitive` shows it whole) and never changes; 首次留资时间 and 来源 are the first touch, kept as they
 * were (attribution); a mobile already a 线索 or a driver of the branch company is linked (关联), never copied.
 */
const personFields = {
  contactName: fields.text('姓名', { required: true, max: 30, filter: 'like' }),
  mobile: fields.mobile('手机号', {
    required: true,
    filter: 'like',
    sensitive: 'mobile',
    createOnly: true,
    import: { example: '13812345678' },
  }),
  cityId: fields.ref('意向城市', 'city', { filter: 'eq' }),
  modelId: fields.ref('意向车型', 'model', { list: false }),
  rentalMode: fields.enumOf(enums.rentalMode, { title: '意向租赁模式', filter: 'eq' }),
};

const workFields = {
  status: fields.enumOf(retentionStatus, { form: false, filter: 'eq' }),
  linked: fields.text('已有档案', { form: false, hint: '手机号已是线索或司机时关联的档案' }),
  linkedDriverId: fields.ref('关联司机', 'driver', { form: false, list: false }),
  followUpCount: fields.integer('跟进次数', { form: false }),
  lastFollowedAt: fields.datetime('最近跟进时间', { form: false, sortable: true, list: false }),
  lastResult: fields.enumOf(retentionFollowUpResult, { title: '最近跟进结果', form: false, filter: 'eq' }),
  nextFollowUpDate: fields.date('下次跟进日期', { form: false, filter: 'range', sortable: true }),
  convertedTo: fields.enumOf(retentionTarget, { form: false, list: false }),
  convertedAt: fields.datetime('转化时间', { form: false, list: false }),
  invalidReason: fields.text('无效原因', { form: false, list: false }),
  remark: fields.text('备注', { max: 500, list: false }),
};

/**
 * 留资管理: leads the drivers' app collects (its forms on 首页, 活动, 文章, 优惠券, 车型详情, with the consent the form
 * asks) and those staff take by phone or at a store (新增留资: 电话/门店 only). The same mobile sent again within a
 * day is counted on its row (留资次数), not a new one.
 */
export const retentionResource = defineResource({
  key: 'retention',
  title: '留资',
  page: 'carRetention',
  endpoint: '/api/retention-leads',
  identity: 'contactName',
  lifecycle: retentionLifecycle('carRetention'),
  operations: ['create', 'export'],
  defaultSort: { field: 'firstTouchAt', order: 'desc' },
  fields: {
    ...personFields,
    source: fields.enumOf(retentionSource, {
      required: true,
      filter: 'eq',
      createOnly: true,
      hint: '新增留资只能是电话或门店；APP留资由APP提交',
    }),
    sourcePage: fields.enumOf(retentionSourcePage, { form: false, filter: 'eq' }),
    consent: fields.boolean('已同意联系', { form: false, list: false }),
    firstTouchAt: fields.datetime('首次留资时间', { form: false, filter: 'range', sortable: true }),
    submitCount: fields.integer('留资次数', { form: false }),
    lastSubmittedAt: fields.datetime('最近留资时间', { form: false, list: false }),
    ...workFields,
  },
});

/**
 * 联盟留资: leads an alliance partner (车商, 驾校, 同行, 平台) reports, entered by staff with the partner's staff
 * member. For the partner's 保护期 (days from the first touch) the mobile is the partner's: another partner's
 * report is refused, and a conversion within it is credited to the partner (转化归属合作方) for its commission.
 */
export const allianceRetentionResource = defineResource({
  key: 'allianceRetention',
  title: '联盟留资',
  page: 'carRetentionAlliance',
  endpoint: '/api/alliance-retention-leads',
  identity: 'contactName',
  lifecycle: retentionLifecycle('carRetentionAlliance'),
  operations: ['create', 'update', 'export'],
  defaultSort: { field: 'firstTouchAt', order: 'desc' },
  fields: {
    ...personFields,
    partnerId: fields.ref('合作方', 'alliancePartner', { required: true, filter: 'eq', createOnly: true }),
    partnerStaff: fields.text('合作方员工', { max: 20, filter: 'like', createOnly: true, hint: '报备该留资的员工' }),
    firstTouchAt: fields.datetime('报备时间', { form: false, filter: 'range', sortable: true }),
    protectedUntil: fields.date('保护期至', { form: false, filter: 'range' }),
    partnerCredited: fields.boolean('转化归属合作方', { form: false, filter: 'eq' }),
    ...workFields,
  },
});

/**
 * 合作方: an alliance partner, its staff who report leads, its 保护期 in days and how it is paid (a note: the
 * commission is settled outside the console). A partner with leads is stopped (合作中 off), never deleted.
 */
export const alliancePartnerResource = defineResource({
  key: 'alliancePartner',
  title: '合作方',
  page: 'carRetentionAlliance',
  endpoint: '/api/alliance-partners',
  identity: 'name',
  operations: ['create', 'update', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('合作方名称', { required: true, max: 50, filter: 'like', unique: true }),
    kind: fields.enumOf(partnerKind, { required: true, filter: 'eq' }),
    contactName: fields.text('联系人', { required: true, max: 20 }),
    contactPhone: fields.text('联系电话', {
      required: true,
      max: 20,
      check: (value) => (/^[0-9-]{7,20}$/.test(value) ? null : '应为数字或短横线，如13812345678'),
      import: { example: '13812345678' },
    }),
    staff: fields.tags('合作方员工', { hint: '可报备留资的员工姓名' }),
    protectionDays: fields.integer('保护期（天）', { required: true, min: 1, max: 365 }),
    commissionNote: fields.text('佣金约定', { max: 200, list: false, hint: '如：保护期内转化每单500元' }),
    active: fields.boolean('合作中', { required: true, filter: 'eq' }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

const ofLead = { filter: 'eq', panel: false, form: false, list: false, detail: false, export: false } as const;

/** The follow-ups of one list's 留资, newest first: on the follow-up page of each. */
const followUpResource = (key: string, page: string, endpoint: string) =>
  defineResource({
    key,
    title: '跟进记录',
    page,
    endpoint,
    identity: 'content',
    operations: [],
    defaultSort: { field: 'followedAt', order: 'desc' },
    fields: {
      leadId: fields.integer('留资', { ...ofLead, required: true }),
      followedAt: fields.datetime('跟进时间', { form: false, sortable: true }),
      way: fields.enumOf(leadEnums.followUpWay, { form: false }),
      result: fields.enumOf(retentionFollowUpResult, { form: false }),
      content: fields.text('跟进内容', { form: false }),
      nextFollowUpDate: fields.date('下次跟进日期', { form: false }),
      followerName: fields.text('跟进人', { form: false }),
    },
  });

export const retentionFollowUpResource = followUpResource(
  'retentionFollowUp',
  'carRetention',
  '/api/retention-follow-ups',
);
export const allianceFollowUpResource = followUpResource(
  'allianceRetentionFollowUp',
  'carRetentionAlliance',
  '/api/alliance-retention-follow-ups',
);

const listFilters = ['contactName', 'mobile', 'cityId', 'rentalMode', 'lastResult', 'nextFollowUpDate'] as const;
const statusTabs = {
  field: 'status',
  all: true,
  items: [{ values: [0] }, { values: [1] }, { values: [2] }, { values: [3] }],
} as const;

export const retentionScreens = {
  carRetention: defineScreen(retentionResource, {
    route: 'carRetention',
    filters: [...listFilters, 'source', 'sourcePage', 'firstTouchAt'],
    key: ['mobile', 'source', 'status'],
    tabs: statusTabs,
    actions: ['followUp', 'toLead', 'toDriver', 'invalidate'],
  }),
};

export const allianceRetentionScreens = {
  carRetentionAlliance: defineScreen(allianceRetentionResource, {
    route: 'carRetentionAlliance',
    title: '联盟留资',
    filters: [...listFilters, 'partnerId', 'partnerStaff', 'partnerCredited', 'firstTouchAt'],
    key: ['mobile', 'partnerId', 'status'],
    tabs: statusTabs,
    actions: ['followUp', 'toLead', 'toDriver', 'invalidate'],
  }),
};

export const alliancePartnerScreens = {
  partners: defineScreen(alliancePartnerResource, {
    route: 'carRetentionAlliance.type',
    params: { type: 'partners' },
    title: '合作方',
    key: ['name', 'kind', 'protectionDays'],
  }),
};

export const retentionFollowUpScreens = {
  retentionFollowUps: defineScreen(retentionFollowUpResource, {
    route: 'carRetention',
    embedded: { name: 'retentionFollowUps', title: '跟进记录' },
  }),
};

export const allianceFollowUpScreens = {
  allianceFollowUps: defineScreen(allianceFollowUpResource, {
    route: 'carRetentionAlliance',
    embedded: { name: 'allianceFollowUps', title: '跟进记录' },
  }),
};
