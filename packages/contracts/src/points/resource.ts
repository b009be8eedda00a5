import { z } from 'zod';
import { enabledStatus } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { text } from '../values';
import { pointsAccountStatus, pointsEntryKind, pointsSource, pointsTask } from './enums';

/** Most points one ledger row moves (an adjustment, a spend). */
export const maxPointsMove = 100_000;

export const pointsTaskLifecycle = defineLifecycle({
  field: 'status',
  states: enabledStatus,
  transitions: [
    {
      action: 'enable',
      from: [0],
      to: 1,
      button: 'integral:enable',
      confirm: '启用后司机完成该任务即可获得积分（在任务的开始、结束日期内）。',
    },
    {
      action: 'disable',
      from: [1],
      to: 0,
      button: 'integral:disable',
      confirm: '停用后完成该任务不再获得积分，已获得的积分不受影响。确定停用吗？',
    },
  ],
});

/**
 * 积分任务: a branch company's fixed catalogue of tasks (SPEC §7: regular tasks are updated, never created or
 * deleted). Daily and total caps count completions per driver, 0 = 不限; the window's days are Beijing days and
 * either end may be open; 积分有效期 (months, 0 = 永久) dates when an award expires and 冻结天数 (0 = 不冻结) when it
 * can be spent. An edit changes future awards only.
 */
export const pointsTaskResource = defineResource({
  key: 'pointsTask',
  title: '积分任务',
  page: 'integral',
  endpoint: '/api/points-tasks',
  identity: 'name',
  lifecycle: pointsTaskLifecycle,
  defaultSort: { field: 'code', order: 'asc' },
  checks: [check.notBefore('endsOn', 'startsOn', '不能早于开始日期')],
  fields: {
    name: fields.text('任务名称', { required: true, form: false, filter: 'like' }),
    code: fields.enumOf(pointsTask, { required: true, form: false, unique: true, sortable: true, filter: 'eq' }),
    points: fields.integer('每次积分', { required: true, min: 1, max: 10_000 }),
    dailyCap: fields.integer('每日上限（次）', {
      required: true,
      max: 1_000,
      hint: '每位司机每天最多完成几次，0为不限',
    }),
    totalCap: fields.integer('累计上限（次）', {
      required: true,
      max: 100_000,
      hint: '每位司机累计最多完成几次，0为不限',
    }),
    startsOn: fields.date('开始日期', { hint: '不填则立即生效' }),
    endsOn: fields.date('结束日期', { hint: '不填则长期有效' }),
    validityMonths: fields.integer('积分有效期（月）', {
      required: true,
      max: 120,
      hint: '获得后多少个月过期，0为永久有效',
    }),
    freezeDays: fields.integer('冻结天数', { required: true, max: 90, hint: '获得后多少天可以使用，0为不冻结' }),
    status: fields.enumOf(enabledStatus, { form: false, filter: 'eq' }),
    description: fields.text('任务说明', { max: 200, list: false }),
    completions: fields.integer('累计完成（次）', { form: false }),
    issued: fields.integer('累计发放积分', { form: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
});

/** 调整积分: staff add or take points, always saying why; a deduction never takes the balance below zero. */
export const pointsAdjustmentBody = z.strictObject({
  points: z
    .number()
    .int('应为整数')
    .min(-maxPointsMove, `不能小于-${maxPointsMove}`)
    .max(maxPointsMove, `不能大于${maxPointsMove}`)
    .refine((value) => value !== 0, '不能为0')
    .meta({ title: '调整积分', description: '正数为增加，负数为扣减' }),
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '调整原因' }),
});

export const pointsAccountLifecycle = defineLifecycle({
  field: 'status',
  states: pointsAccountStatus,
  transitions: [{ action: 'adjust', from: [1], to: null, button: 'integralAll:adjust', body: pointsAdjustmentBody }],
});

/**
 * 积分总览: one account per driver who has points, a projection of the ledger kept in the transaction of each
 * row written (累计获得 − 累计消费 − 已过期 = 积分余额, each the sum of its ledger rows); 冻结中 is computed from
 * the awards not yet available, 可用积分 is the balance less it. 详情 opens the driver's 积分明细.
 */
export const pointsAccountResource = defineResource({
  key: 'pointsAccount',
  title: '积分账户',
  page: 'integralAll',
  endpoint: '/api/points-accounts',
  identity: 'driverId',
  lifecycle: pointsAccountLifecycle,
  defaultSort: { field: 'balance', order: 'desc' },
  fields: {
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    mobile: fields.text('手机号', { form: false }),
    balance: fields.integer('积分余额', { form: false, sortable: true }),
    available: fields.integer('可用积分', { form: false }),
    frozen: fields.integer('冻结中', { form: false }),
    earned: fields.integer('累计获得', { form: false, sortable: true }),
    spent: fields.integer('累计消费', { form: false }),
    expired: fields.integer('已过期', { form: false }),
    balanceFrom: fields.integer('余额不低于', { form: false, list: false, detail: false, filter: 'eq' }),
    balanceTo: fields.integer('余额不高于', { form: false, list: false, detail: false, filter: 'eq' }),
    status: fields.enumOf(pointsAccountStatus, { form: false, list: false }),
    updatedAt: fields.datetime('最近变动', { form: false, sortable: true }),
  },
});

/**
 * 积分明细: the ledger, append-only — every award, spend, expiry, reversal and adjustment is a row of its own,
 * keyed by its business (业务类型 + 业务编号, unique per branch company: a retried event never counts twice),
 * holding the balance after it.
 */
export const pointsEntryResource = defineResource({
  key: 'pointsEntry',
  title: '积分明细',
  page: 'integralAll',
  endpoint: '/api/points-entries',
  identity: 'driverId',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    kind: fields.enumOf(pointsEntryKind, { form: false, filter: 'eq' }),
    source: fields.enumOf(pointsSource, { form: false, filter: 'eq' }),
    title: fields.text('说明', { form: false }),
    points: fields.integer('积分变动', { form: false, min: -2_000_000_000 }),
    balanceAfter: fields.integer('变动后余额', { form: false }),
    createdAt: fields.datetime('发生时间', { form: false, filter: 'range', sortable: true }),
    availableFrom: fields.date('可用日期', { form: false, list: false }),
    expiresOn: fields.date('到期日期', { form: false }),
    bizType: fields.text('业务类型', { form: false, list: false }),
    bizId: fields.text('业务编号', { form: false, filter: 'eq', list: false }),
    reason: fields.text('原因', { form: false }),
    createdBy: fields.ref('操作人', 'user', { form: false }),
  },
});

export const pointsScreens = {
  integral: defineScreen(pointsTaskResource, {
    route: 'integral',
    key: ['points', 'status'],
    actions: ['enable', 'disable'],
  }),
  integralAll: defineScreen(pointsAccountResource, {
    route: 'integralAll',
    key: ['balance', 'available'],
    filters: ['driverId', 'balanceFrom', 'balanceTo'],
    actions: ['adjust'],
  }),
  integralAllDetails: defineScreen(pointsEntryResource, {
    route: 'integralAllDetails',
    key: ['kind', 'points', 'balanceAfter'],
    filters: ['driverId', 'kind', 'source', 'createdAt', 'bizId'],
  }),
};
