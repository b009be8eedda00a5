import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { leadEnums } from './enums';
import { leadLifecycle } from './lifecycle';

/** A lead: someone who may become a driver or a customer, worked by a salesperson until activated or given up. */
export const leadResource = defineResource({
  key: 'lead',
  title: '线索',
  page: 'threadDeatails',
  endpoint: '/api/leads',
  identity: 'contactName',
  lifecycle: leadLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  // Uploaded on 上传日志, row by row: each row comes in as one added by hand would (duplicates, rules, allocation).
  import: {
    key: [],
    mode: 'rows',
    maxRows: 10_000,
    page: 'upLoadLog',
    note: '每行按新增线索处理：手机号已有未结束线索的跳过，按分配规则分配销售，命中无效线索规则的标记为无效',
  },
  fields: {
    contactName: fields.text('联系人', { required: true, max: 30, filter: 'like', import: { example: '王磊' } }),
    mobile: fields.mobile('手机号', {
      required: true,
      filter: 'like',
      import: { example: '13812345678' },
    }),
    cityId: fields.ref('城市', 'city', { filter: 'eq', import: { example: '北京市', note: '城市名称' } }),
    channelId: fields.ref('渠道', 'channel', { filter: 'eq', import: { example: '滴滴车主招募', note: '渠道名称' } }),
    business: fields.enumOf(leadEnums.business, { required: true, filter: 'eq', import: true }),
    customerKind: fields.enumOf(leadEnums.customerKind, { title: '意向客户类型', filter: 'eq', import: true }),
    salespersonId: fields.ref('销售人员', 'user', { form: false, filter: 'eq' }),
    source: fields.enumOf(leadEnums.source, { form: false, filter: 'eq' }),
    status: fields.enumOf(leadEnums.status, { form: false, filter: 'in' }),
    intentionLevel: fields.enumOf(leadEnums.intentionLevel, { form: false, filter: 'eq' }),
    nextFollowUpDate: fields.date('下次跟进日期', { form: false, filter: 'range', sortable: true }),
    lastFollowedAt: fields.datetime('最近跟进时间', { form: false, sortable: true, list: false }),
    followUpCount: fields.integer('跟进次数', { form: false, list: false }),
    invalidReason: fields.text('无效原因', { form: false, list: false }),
    activatedKind: fields.enumOf(leadEnums.customerKind, { title: '激活客户类型', form: false, list: false }),
    activatedCustomer: fields.text('激活客户', { form: false, list: false }),
    /** The upload batch the lead came in: 上传日志详情 links to its leads. */
    batchId: fields.integer('上传批次', { form: false, list: false, filter: 'eq', panel: false, export: false }),
    remark: fields.text('备注', { max: 500, list: false, import: true }),
    createdAt: fields.datetime('创建时间', { form: false, filter: 'range', sortable: true }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true, list: false }),
  },
});

const ofLead = { filter: 'eq', panel: false, form: false, list: false, detail: false, export: false } as const;

/** A lead's follow-ups, written by 跟进: listed beside the follow-up form, newest first. */
export const leadFollowUpResource = defineResource({
  key: 'leadFollowUp',
  title: '跟进记录',
  page: 'threadDeatails',
  endpoint: '/api/lead-follow-ups',
  identity: 'contactName',
  defaultSort: { field: 'followedAt', order: 'desc' },
  fields: {
    leadId: fields.integer('线索', { ...ofLead, required: true }),
    contactName: fields.text('联系人', { form: false, filter: 'like' }),
    mobile: fields.text('手机号', { form: false, filter: 'like', searchHint: '输入完整号码或尾号' }),
    followedAt: fields.datetime('跟进时间', { form: false, filter: 'range', sortable: true }),
    way: fields.enumOf(leadEnums.followUpWay, { form: false, filter: 'eq' }),
    answered: fields.boolean('是否接通', { form: false, filter: 'eq' }),
    intentionLevel: fields.enumOf(leadEnums.intentionLevel, { form: false, filter: 'eq' }),
    content: fields.text('跟进内容', { form: false }),
    nextFollowUpDate: fields.date('下次跟进日期', { form: false }),
    followerName: fields.text('跟进人', { form: false, filter: 'like' }),
  },
});

/** Every event of a lead, as 线索日志 lists it: who did what, when, and the lead's mobile to search by. */
export const leadEventResource = defineResource({
  key: 'leadEvent',
  title: '线索日志',
  page: 'threadDeatails',
  endpoint: '/api/lead-events',
  identity: 'contactName',
  defaultSort: { field: 'at', order: 'desc' },
  fields: {
    leadId: fields.integer('线索', { ...ofLead, required: true }),
    contactName: fields.text('联系人', { form: false, filter: 'like' }),
    mobile: fields.text('手机号', { form: false, filter: 'like', searchHint: '输入完整号码或尾号' }),
    kind: fields.enumOf(leadEnums.eventKind, { form: false, filter: 'eq' }),
    summary: fields.text('内容', { form: false }),
    actorName: fields.text('操作人', { form: false, filter: 'like' }),
    at: fields.datetime('时间', { form: false, filter: 'range', sortable: true }),
  },
});
