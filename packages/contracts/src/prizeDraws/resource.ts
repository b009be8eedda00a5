import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { prizeDrawEnums, probabilityScale } from './enums';

const page = 'prizeDraw';

/** 草稿 → 发布 → (the period runs) → 提前结束 when it must stop before its end. */
export const prizeDrawLifecycle = defineLifecycle({
  field: 'status',
  states: prizeDrawEnums.status,
  // Once published, people may have drawn: the draw and its records stay.
  removable: [0],
  transitions: [
    {
      action: 'publish',
      from: [0],
      to: 1,
      button: 'prizeDraw:publish',
      confirm: '发布后奖品与中奖概率不能再修改，活动在开始时间自动开始，确定发布吗？',
    },
    {
      action: 'end',
      from: [1],
      to: 2,
      button: 'prizeDraw:end',
      confirm: '提前结束后不能再抽奖，确定结束该活动吗？',
    },
  ],
});

export const prizeDrawResource = defineResource({
  key: 'prizeDraw',
  title: '抽奖活动',
  page,
  endpoint: '/api/prize-draws',
  identity: 'name',
  lifecycle: prizeDrawLifecycle,
  defaultSort: { field: 'startsAt', order: 'desc' },
  fields: {
    name: fields.text('活动名称', { required: true, max: 50, filter: 'like', unique: true }),
    phase: fields.enumOf(prizeDrawEnums.phase, { form: false }),
    status: fields.enumOf(prizeDrawEnums.status, { form: false, filter: 'eq' }),
    startsAt: fields.datetime('开始时间', { required: true, filter: 'range', sortable: true }),
    endsAt: fields.datetime('结束时间', { required: true, sortable: true }),
    participantCount: fields.integer('参与人数', { form: false }),
    winnerCount: fields.integer('中奖人次', { form: false }),
    rules: fields.text('活动规则', { max: 2000, list: false, hint: '参与条件、抽奖次数、领奖方式等' }),
    seedHash: fields.text('随机种子摘要（SHA-256）', { form: false, list: false }),
    revealedSeed: fields.text('随机种子（活动结束后公开）', { form: false, list: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
  checks: [check.after('endsAt', 'startsAt', '应晚于开始时间')],
});

/** The draw a row belongs to: set once, filtered by the draw's detail page, never in a search panel. */
const ofDraw = (options: { import?: { header: string; note: string } } = {}) =>
  fields.ref('抽奖活动', 'prizeDraw', {
    required: true,
    createOnly: true,
    filter: 'eq',
    panel: false,
    list: false,
    detail: false,
    export: false,
    ...options,
  });

export const prizeResource = defineResource({
  key: 'prize',
  title: '奖品',
  page,
  endpoint: '/api/prize-draw-prizes',
  identity: 'name',
  operations: ['create', 'update', 'remove'],
  defaultSort: { field: 'level', order: 'asc' },
  fields: {
    drawId: ofDraw(),
    name: fields.text('奖品名称', { required: true, max: 30 }),
    level: fields.enumOf(prizeDrawEnums.prizeLevel, { required: true, sortable: true }),
    probability: fields.integer('中奖概率（万分之）', {
      required: true,
      max: probabilityScale,
      hint: '如 500 表示 5%；各奖品之和不超过 10000，其余为未中奖',
    }),
    stock: fields.integer('库存（份）', { required: true, max: 1_000_000 }),
    given: fields.integer('已发放（份）', { form: false }),
    remaining: fields.integer('剩余（份）', { form: false }),
    value: fields.money('奖品价值'),
    image: fields.files('奖品图片', { max: 1 }),
  },
});

export const participantResource = defineResource({
  key: 'prizeDrawParticipant',
  title: '参与人',
  page,
  endpoint: '/api/prize-draw-participants',
  identity: 'name',
  operations: ['create', 'update', 'remove', 'import'],
  lifecycle: defineLifecycle({
    field: 'status',
    states: prizeDrawEnums.participantStatus,
    transitions: [
      { action: 'draw', from: [0], to: null, button: 'prizeDraw:draw', confirm: '确定为该参与人抽奖一次吗？' },
    ],
  }),
  import: {
    key: ['drawId', 'mobile'],
    maxRows: 5000,
    note: '同一活动中手机号已存在的行会跳过。',
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    drawId: ofDraw({ import: { header: '抽奖活动', note: '活动名称' } }),
    name: fields.text('姓名', { required: true, max: 30, filter: 'like', import: { example: '张伟' } }),
    mobile: fields.mobile('手机号', {
      required: true,
      filter: 'like',
      unique: true,
      import: { example: '13800138000' },
    }),
    externalRef: fields.text('外部编号', { max: 50, import: { note: '如司机编号，可不填' } }),
    chances: fields.integer('抽奖次数', { min: 1, max: 100, import: { example: '1', note: '不填为1次' } }),
    used: fields.integer('已抽次数', { form: false }),
    status: fields.enumOf(prizeDrawEnums.participantStatus, { form: false }),
    createdAt: fields.datetime('添加时间', { form: false, sortable: true }),
  },
});

export const drawRecordResource = defineResource({
  key: 'prizeDrawRecord',
  title: '抽奖记录',
  page,
  endpoint: '/api/prize-draw-records',
  identity: 'participantName',
  operations: [],
  defaultSort: { field: 'drawnAt', order: 'desc' },
  fields: {
    drawId: ofDraw(),
    participantName: fields.text('参与人', { form: false, filter: 'like' }),
    mobile: fields.text('手机号', { form: false, filter: 'like' }),
    drawnAt: fields.datetime('抽奖时间', { form: false, sortable: true }),
    attempt: fields.integer('第几次', { form: false }),
    won: fields.boolean('是否中奖', { form: false, filter: 'eq' }),
    prizeLevel: fields.enumOf(prizeDrawEnums.prizeLevel, { form: false }),
    prizeName: fields.text('奖品', { form: false }),
    channel: fields.enumOf(prizeDrawEnums.channel, { form: false }),
    operator: fields.text('操作人', { form: false }),
    draw: fields.integer('随机值（0-9999）', { form: false }),
    digest: fields.text('HMAC-SHA256', { form: false, list: false }),
    note: fields.text('说明', { form: false }),
  },
});

const embedded = (name: string, title: string, exported = false) => ({ name, title, export: exported });

/** The draws' own list, and the lists of a draw's rows that only its 抽奖详情 shows. */
export const prizeDrawScreens = {
  prizeDraw: defineScreen(prizeDrawResource, { route: page, actions: ['publish', 'end'] }),
  prizes: defineScreen(prizeResource, { route: page, embedded: embedded('prizeDrawPrizes', '奖品') }),
  participants: defineScreen(participantResource, {
    route: page,
    embedded: embedded('prizeDrawParticipants', '参与人'),
    actions: ['draw'],
  }),
  winners: defineScreen(drawRecordResource, {
    route: page,
    embedded: embedded('prizeDrawWinners', '中奖名单', true),
    fixed: { won: '1' },
    columns: ['participantName', 'mobile', 'prizeLevel', 'prizeName', 'drawnAt', 'attempt', 'channel', 'operator'],
  }),
  records: defineScreen(drawRecordResource, { route: page, embedded: embedded('prizeDrawRecords', '抽奖记录') }),
};
