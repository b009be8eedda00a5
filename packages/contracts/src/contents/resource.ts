import { z } from 'zod';
import { driverEnums } from '../drivers/enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate } from '../values';
import {
  contentCallToAction,
  contentPushState,
  contentStatus,
  contentType,
  interactionAction,
  interactionChannel,
} from './enums';

export const contentLifecycle = defineLifecycle({
  field: 'status',
  states: contentStatus,
  transitions: [
    {
      action: 'publish',
      from: [0, 2],
      to: 1,
      button: 'contentManagement:publish',
      confirm: '发布后内容在推送时间内推送给目标司机，司机可浏览、点赞、分享和留资。确定发布吗？',
    },
    {
      action: 'withdraw',
      from: [1],
      to: 2,
      button: 'contentManagement:withdraw',
      confirm: '下架后司机不能再打开该内容，推送中的消息链接将提示已下架。确定下架吗？',
    },
  ],
  // Published content is what drivers see: it is withdrawn to be changed, and only a draft is ever deleted.
  editable: [0, 2],
  removable: [0],
});

/**
 * 内容管理 (司机激活): content that brings dormant drivers and unconverted leads back — an article, a video, an
 * activity or a questionnaire pushed in a window to an audience (cities, driver states, 通用标签; none chosen =
 * everyone), with a call to action. 草稿 → 发布 → 下架 (and 重新发布); 推送状态 is computed from the window on
 * Beijing time. The counters are kept per content by each recorded interaction, in its transaction
 * (`api/src/contents/record.ts`): 浏览人次 counts a driver once per Beijing day, 浏览人数 once ever, 点赞 is the
 * likes standing (取消点赞 takes one back), 留资 counts each driver once; 留资转化率 = 留资人数 / 浏览人数.
 */
export const contentResource = defineResource({
  key: 'content',
  title: '内容',
  page: 'contentManagement',
  endpoint: '/api/contents',
  identity: 'title',
  lifecycle: contentLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  checks: [
    check.after('pushEndsAt', 'pushStartsAt', '应晚于推送开始时间'),
    check.requiredWhen('video', { field: 'type', values: [2] }, '视频类内容请上传视频'),
  ],
  fields: {
    title: fields.text('标题', { required: true, max: 60, filter: 'like' }),
    type: fields.enumOf(contentType, { required: true, filter: 'eq' }),
    cover: fields.files('封面', { max: 1, accept: ['jpg', 'jpeg', 'png', 'webp'], maxSizeMb: 5 }),
    summary: fields.text('摘要', { max: 200, list: false, hint: '推送消息和列表卡片上显示的一两句话' }),
    body: fields.richText('正文', { required: true }),
    video: fields.files('视频', { max: 1, accept: ['mp4'], maxSizeMb: 10 }),
    cityIds: fields.refs('目标城市', 'city', { max: 400, hint: '不选则面向全部城市' }),
    driverStatuses: fields.enumsOf(driverEnums.status, { title: '目标司机状态', hint: '不选则面向全部司机' }),
    tagIds: fields.refs('目标标签', 'commonTag', { max: 20, hint: '通用标签，不选则不限' }),
    callToAction: fields.enumOf(contentCallToAction, { required: true, filter: 'eq' }),
    pushStartsAt: fields.datetime('推送开始时间', { required: true, sortable: true }),
    pushEndsAt: fields.datetime('推送结束时间', { required: true }),
    status: fields.enumOf(contentStatus, { form: false, filter: 'eq' }),
    pushState: fields.enumOf(contentPushState, { form: false, filter: 'eq' }),
    viewCount: fields.integer('浏览人次', { form: false }),
    viewerCount: fields.integer('浏览人数', { form: false }),
    likeCount: fields.integer('点赞', { form: false }),
    shareCount: fields.integer('分享', { form: false }),
    favoriteCount: fields.integer('收藏', { form: false, list: false }),
    signUpCount: fields.integer('报名', { form: false, list: false }),
    leadCount: fields.integer('留资', { form: false }),
    conversionRate: fields.percent('留资转化率', { form: false }),
    createdBy: fields.ref('创建人', 'user', { form: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true, filter: 'range' }),
  },
});

/**
 * 互动记录: what drivers did with the content, append-only, written by `recordInteraction` only. A view is
 * recorded once per driver, content and Beijing day (a refresh adds nothing); 点赞 only when the driver's like
 * is not standing, 取消点赞 only when it is; 收藏, 报名 and 留资 once per driver and content; 分享 every time.
 * A 留资 is linked to the lead it made (or to the driver's open lead, when there was one).
 */
export const contentInteractionResource = defineResource({
  key: 'contentInteraction',
  title: '互动记录',
  page: 'interactiveRecording',
  endpoint: '/api/content-interactions',
  identity: 'driverId',
  operations: [],
  defaultSort: { field: 'occurredAt', order: 'desc' },
  fields: {
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    mobile: fields.text('手机号', { form: false, sensitive: 'mobile' }),
    contentId: fields.ref('内容', 'content', { form: false, filter: 'eq' }),
    action: fields.enumOf(interactionAction, { form: false, filter: 'eq' }),
    channel: fields.enumOf(interactionChannel, { form: false, filter: 'eq' }),
    occurredAt: fields.datetime('互动时间', { form: false, filter: 'range', sortable: true }),
    watchSeconds: fields.integer('观看时长（秒）', { form: false }),
    leadId: fields.integer('线索编号', { form: false, list: false }),
  },
});

export const contentScreens = {
  contentManagement: defineScreen(contentResource, {
    route: 'contentManagement',
    key: ['status', 'pushState', 'viewCount', 'leadCount'],
    actions: ['publish', 'withdraw'],
  }),
};

export const contentInteractionScreens = {
  interactiveRecording: defineScreen(contentInteractionResource, {
    route: 'interactiveRecording',
    key: ['contentId', 'action', 'occurredAt'],
  }),
};

/** 内容详情's trend: the last 7 or 30 Beijing days, today last. */
export const contentTrendQuery = z.strictObject({
  days: z.enum(['7', '30']).default('7').meta({ title: '天数' }),
});

export const contentTrend = z.object({
  days: z.array(
    z.object({
      day: calendarDate(),
      views: z.number().int(),
      likes: z.number().int(),
      shares: z.number().int(),
      leads: z.number().int(),
    }),
  ),
});

export type ContentTrend = z.infer<typeof contentTrend>;
