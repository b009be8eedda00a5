import { z } from 'zod';
import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { enumInput, fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, text } from '../values';

const page = 'securityConference';

/** Minutes before the start a driver may sign in (people arrive early); sign-in closes at the end. */
export const signInOpensMinutesBefore = 30;

export const safetyMeetingEnums = {
  /** DOMAIN-2 §6: a monthly and a quarterly meeting, special lectures, and 回炉 for drivers with violations. */
  type: defineEnum('会议类型', [
    [1, '月度'],
    [2, '季度'],
    [3, '专项'],
    [4, '回炉'],
  ]),
  /** Who is expected: every 正常 driver of the city when it is published, or the drivers listed. */
  audience: defineEnum('参会范围', [
    [1, '按城市'],
    [2, '按名单'],
  ]),
  status: defineEnum(
    '会议状态',
    [
      [0, '草稿'],
      [1, '已发布'],
      [2, '已结束'],
      [3, '已取消'],
    ],
    { status: true },
  ),
  /** An attendee: 未签到 until signed in; still unsigned when the meeting ends, 待补学 until made up. */
  attendance: defineEnum(
    '出勤状态',
    [
      [0, '未签到'],
      [1, '已签到'],
      [2, '待补学'],
      [3, '已补学'],
    ],
    { status: true },
  ),
  signInMethod: defineEnum('签到方式', [
    [1, '扫码'],
    [2, 'APP'],
    [3, '现场补签'],
  ]),
  /** What a driver's own sign-in was made with; 现场补签 is staff's, with a reason. */
  selfSignInMethod: defineEnum('签到方式', [
    [1, '扫码'],
    [2, 'APP'],
  ]),
};

const e = safetyMeetingEnums;

export const safetyMeetingLifecycle = defineLifecycle({
  field: 'status',
  states: e.status,
  // Once published the attendee list exists and people may have signed in: the meeting stays.
  removable: [0],
  editable: [0, 1, 2],
  transitions: [
    {
      action: 'publish',
      from: [0],
      to: 1,
      button: `${page}:publish`,
      confirm: '发布后参会名单按当前在职司机冻结，会议时间、城市和参会范围不能再修改，确定发布吗？',
    },
    {
      action: 'end',
      from: [1],
      to: 2,
      button: `${page}:end`,
      prefill: ['minutes'],
      body: z.strictObject({ minutes: text().trim().min(1, '不能为空').max(5000).meta({ title: '会议纪要' }) }),
    },
    {
      action: 'cancel',
      from: [0, 1],
      to: 3,
      button: `${page}:cancel`,
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }) }),
    },
  ],
});

const link = (value: string) => (/^https?:\/\/\S+$/.test(value) ? null : '应以http://或https://开头');

/**
 * 安全会议: a driver safety meeting of the branch company. Its expected attendees are chosen by city (every
 * 正常 driver there) or by a list, and frozen as rows when it is published, so drivers hired or gone later do
 * not move its 应到. 结束会议 is a person's step, not a job: it asks for the minutes and turns whoever has
 * not signed in into absentees 待补学 — after the 补签 from the paper sheet, which come after the end time.
 */
export const safetyMeetingResource = defineResource({
  key: 'safetyMeeting',
  title: '安全会议',
  page,
  endpoint: '/api/safety-meetings',
  identity: 'theme',
  lifecycle: safetyMeetingLifecycle,
  defaultSort: { field: 'startsAt', order: 'desc' },
  checks: [
    check.after('endsAt', 'startsAt', '应晚于开始时间'),
    check.requiredWhen('driverIds', { field: 'audience', values: [2] }, '按名单邀请时请选择参会司机'),
  ],
  fields: {
    theme: fields.text('会议主题', { required: true, max: 100, filter: 'like' }),
    type: fields.enumOf(e.type, { required: true, filter: 'eq' }),
    status: fields.enumOf(e.status, { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    startsAt: fields.datetime('开始时间', { required: true, filter: 'range', sortable: true }),
    endsAt: fields.datetime('结束时间', { required: true }),
    place: fields.text('会议地点', { required: true, max: 200, hint: '线下会议的地址；线上会议填“线上”' }),
    onlineLink: fields.text('线上链接', { max: 300, list: false, check: link, hint: '线上会议的入会链接' }),
    host: fields.text('主持人', { required: true, max: 30 }),
    lecturer: fields.text('主讲人', { max: 30 }),
    audience: fields.enumOf(e.audience, { required: true, list: false, hint: '按城市：发布时该城市全部正常司机' }),
    driverIds: fields.refs('参会司机', 'driver', { max: 500, hint: '按名单邀请时选择' }),
    expected: fields.integer('应到', { form: false }),
    present: fields.integer('实到', { form: false }),
    awaitingMakeUp: fields.integer('待补学', { form: false }),
    madeUp: fields.integer('已补学', { form: false }),
    minutes: fields.text('会议纪要', { max: 5000, list: false }),
    photos: fields.files('会议照片', { max: 9, accept: ['jpg', 'jpeg', 'png'] }),
    attachments: fields.files('会议附件', { max: 10, accept: ['pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'png'] }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, list: false }),
  },
});

export const safetyMeetingAttendeeLifecycle = defineLifecycle({
  field: 'attendance',
  states: e.attendance,
  transitions: [
    {
      action: 'signIn',
      from: [0],
      to: 1,
      button: `${page}:signIn`,
      body: z.strictObject({ method: enumInput(e.selfSignInMethod) }),
    },
    {
      action: 'staffSignIn',
      from: [0, 2],
      to: 1,
      button: `${page}:staffSignIn`,
      body: z.strictObject({
        reason: text().trim().min(1, '不能为空').max(200).meta({ title: '补签原因' }),
      }),
    },
    {
      action: 'makeUp',
      from: [2],
      to: 3,
      button: `${page}:makeUp`,
      body: z.strictObject({
        makeUpDate: calendarDate().meta({ title: '补学日期' }),
        makeUpNote: text().trim().max(200).optional().meta({ title: '补学说明' }),
      }),
    },
  ],
});

/** One expected attendee of a published meeting: written when it is published, then only signed in or made up. */
export const safetyMeetingAttendeeResource = defineResource({
  key: 'safetyMeetingAttendee',
  title: '参会司机',
  page,
  endpoint: '/api/safety-meeting-attendees',
  identity: 'driverName',
  operations: [],
  lifecycle: safetyMeetingAttendeeLifecycle,
  defaultSort: { field: 'driverName', order: 'asc' },
  fields: {
    meetingId: fields.parentId('安全会议'),
    driverName: fields.text('司机姓名', { form: false, filter: 'like', sortable: true }),
    mobile: fields.text('手机号', { form: false }),
    driverId: fields.ref('司机', 'driver', { form: false, list: false }),
    attendance: fields.enumOf(e.attendance, { form: false, filter: 'eq' }),
    signedInAt: fields.datetime('签到时间', { form: false, sortable: true }),
    signInMethod: fields.enumOf(e.signInMethod, { form: false }),
    signInReason: fields.text('补签原因', { form: false }),
    signedInBy: fields.text('登记人', { form: false }),
    makeUpDate: fields.date('补学日期', { form: false }),
    makeUpNote: fields.text('补学说明', { form: false }),
  },
});

export const safetyMeetingScreens = {
  securityConference: defineScreen(safetyMeetingResource, {
    route: page,
    actions: ['publish', 'end', 'cancel'],
    key: ['type', 'status', 'startsAt', 'expected', 'present'],
  }),
  attendees: defineScreen(safetyMeetingAttendeeResource, {
    route: page,
    embedded: { name: 'safetyMeetingAttendees', title: '参会司机', export: true },
    actions: ['signIn', 'staffSignIn', 'makeUp'],
  }),
};
