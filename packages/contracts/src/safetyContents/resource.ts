import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** SPEC §3 safety material: 0 image, 1 video. */
export const safetyMaterialKind = defineEnum('素材类型', [
  [0, '图片'],
  [1, '视频'],
]);

/** Who is to study it: every driver of the branch company, the drivers of some cities, or a list. */
export const safetyAudience = defineEnum('推送范围', [
  [1, '全部司机'],
  [2, '指定城市'],
  [3, '指定司机'],
]);

/** As SPEC §3 numbers listings (0 上架, 1 下架); a new item waits 下架 until it is checked and put up. */
export const safetyListing = defineEnum(
  '上架状态',
  [
    [0, '上架'],
    [1, '下架'],
  ],
  { status: true },
);

const page = 'couponSecurityManage';

export const safetyContentLifecycle = defineLifecycle({
  field: 'status',
  states: safetyListing,
  editable: [1],
  removable: [1],
  transitions: [
    {
      action: 'enable',
      from: [1],
      to: 0,
      button: `${page}:enable`,
      title: '上架',
      confirm: '确定上架该安全内容吗？上架后司机APP可见',
    },
    {
      action: 'disable',
      from: [0],
      to: 1,
      button: `${page}:disable`,
      title: '下架',
      confirm: '确定下架该安全内容吗？',
    },
  ],
});

const videoExtensions = ['mp4'];
const imageExtensions = ['png', 'jpg', 'jpeg'];
const extensionOf = (location: unknown) => String(location).split('.').pop()?.toLowerCase() ?? '';

/**
 * 安全内容: a picture or video the drivers' app shows, to an audience (all / cities / a list), mandatory or
 * not, within a window of days, 上架 / 下架. A video counts as 已完成 only when the watched time the server
 * credited reaches 完成比例 of its duration (seeking to the end does not); a picture completes when viewed.
 */
export const safetyContentResource = defineResource({
  key: 'safetyContent',
  title: '安全内容',
  page,
  endpoint: '/api/safety-contents',
  identity: 'title',
  lifecycle: safetyContentLifecycle,
  defaultSort: { field: 'startDate', order: 'desc' },
  checks: [
    check.notBefore('endDate', 'startDate', '不能早于开始日期'),
    check.requiredWhen('durationSeconds', { field: 'kind', values: [1] }, '视频须填写时长'),
    check.requiredWhen('cityIds', { field: 'audience', values: [2] }, '指定城市时至少选择一个城市'),
    check.requiredWhen('driverIds', { field: 'audience', values: [3] }, '指定司机时至少选择一位司机'),
    {
      field: 'media',
      reads: ['kind'],
      message: '图片素材仅支持PNG、JPG，视频素材仅支持MP4',
      test: (values) => {
        const media = Array.isArray(values.media) ? values.media : [];
        const allowed = Number(values.kind) === 1 ? videoExtensions : imageExtensions;
        return media.every((location) => allowed.includes(extensionOf(location)));
      },
    },
  ],
  fields: {
    title: fields.text('标题', { required: true, max: 50, filter: 'like', unique: true }),
    kind: fields.enumOf(safetyMaterialKind, { required: true, filter: 'eq' }),
    cover: fields.files('封面', { required: true, max: 1, accept: imageExtensions, maxSizeMb: 5 }),
    media: fields.files('素材', {
      required: true,
      max: 9,
      accept: [...imageExtensions, ...videoExtensions],
      hint: '图片最多9张；视频1个MP4',
    }),
    durationSeconds: fields.integer('视频时长（秒）', { min: 1, max: 7200, list: false }),
    requiredRatio: fields.integer('完成比例（%）', {
      required: true,
      min: 50,
      max: 100,
      list: false,
      hint: '累计观看时长达到视频时长的该比例才算完成，如90',
    }),
    audience: fields.enumOf(safetyAudience, { required: true, filter: 'eq' }),
    cityIds: fields.refs('指定城市', 'city', { max: 100 }),
    driverIds: fields.refs('指定司机', 'driver', { max: 500 }),
    mandatory: fields.boolean('必学', { filter: 'eq' }),
    startDate: fields.date('开始日期', { required: true, filter: 'range', sortable: true }),
    endDate: fields.date('结束日期', { required: true }),
    summary: fields.text('内容简介', { max: 500, list: false }),
    status: fields.enumOf(safetyListing, { form: false, filter: 'eq' }),
    targeted: fields.integer('应学人数', { form: false }),
    completed: fields.integer('完成人数', { form: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** 安全内容统计: one item's figures, counted from its drivers' progress when read (never stored). */
export const safetyContentReportResource = defineResource({
  key: 'safetyContentReport',
  title: '安全内容统计',
  page,
  endpoint: '/api/safety-content-reports',
  identity: 'title',
  operations: [],
  defaultSort: { field: 'startDate', order: 'desc' },
  fields: {
    title: fields.text('标题', { form: false }),
    kind: fields.enumOf(safetyMaterialKind, { form: false }),
    status: fields.enumOf(safetyListing, { form: false }),
    mandatory: fields.boolean('必学', { form: false }),
    startDate: fields.date('开始日期', { form: false, sortable: true }),
    endDate: fields.date('结束日期', { form: false }),
    durationSeconds: fields.integer('视频时长（秒）', { form: false }),
    requiredRatio: fields.integer('完成比例（%）', { form: false }),
    targeted: fields.integer('应学人数', { form: false }),
    reached: fields.integer('已送达', { form: false }),
    viewed: fields.integer('已观看', { form: false }),
    completed: fields.integer('已完成', { form: false }),
    completionRate: fields.percent('完成率', { form: false }),
    watchedSeconds: fields.integer('累计观看（秒）', { form: false }),
  },
});

/** One driver's progress on one item: when the app fetched it, what the server credited, where they stopped. */
export const safetyProgressResource = defineResource({
  key: 'safetyContentProgress',
  title: '学习明细',
  page,
  endpoint: '/api/safety-content-progress',
  identity: 'driverId',
  operations: [],
  defaultSort: { field: 'reachedAt', order: 'desc' },
  fields: {
    contentId: fields.parentId('安全内容'),
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    reachedAt: fields.datetime('送达时间', { form: false, sortable: true }),
    viewedAt: fields.datetime('首次观看', { form: false }),
    watchedSeconds: fields.integer('观看时长（秒）', { form: false, sortable: true }),
    lastPosition: fields.integer('最后位置（秒）', { form: false }),
    done: fields.boolean('已完成', { form: false, filter: 'eq' }),
    completedAt: fields.datetime('完成时间', { form: false, sortable: true }),
    lastSeenAt: fields.datetime('最近上报', { form: false }),
  },
});

export const safetyContentScreens = {
  couponSecurityManage: defineScreen(safetyContentResource, { route: page, actions: ['enable', 'disable'] }),
  progress: defineScreen(safetyProgressResource, {
    route: page,
    embedded: { name: 'safetyContentProgress', title: '学习明细', export: true },
  }),
};
