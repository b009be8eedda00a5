import { z } from 'zod';
import { defineEnum, enums } from '../enums';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, text } from '../values';

/** A driver's application from the app: waiting for review, made an order, or refused. */
export const driverApplicationStatus = defineEnum(
  '申请状态',
  [
    [0, '待审核'],
    [1, '已转订单'],
    [2, '已拒绝'],
  ],
  { status: true },
);
export const driverApplicationStates = { waiting: 0, ordered: 1, refused: 2 } as const;

/**
 * 转为订单: the terms the order is placed with — 纯租, rent due 期初 (修改订单类型 changes the type later) — as
 * 待审批, to be checked and submitted from 租赁订单.
 */
export const acceptApplicationBody = z.strictObject({
  startDate: calendarDate().meta({ title: '起租日期' }),
  termMonths: z.number().int().min(1, '应为1到120个月').max(120, '应为1到120个月').meta({ title: '租期（月）' }),
  rent: moneyAmount('月租金'),
  deposit: moneyAmount('押金').optional(),
});

export const refuseApplicationBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '拒绝原因' }),
});

export const driverApplicationLifecycle = defineLifecycle({
  field: 'status',
  states: driverApplicationStatus,
  removable: [],
  editable: [],
  transitions: [
    {
      action: 'accept',
      title: '转为订单',
      from: [driverApplicationStates.waiting],
      to: driverApplicationStates.ordered,
      button: 'driverApplication:approve',
      body: acceptApplicationBody,
      prefill: ['termMonths'],
    },
    {
      action: 'refuse',
      title: '拒绝',
      from: [driverApplicationStates.waiting],
      to: driverApplicationStates.refused,
      button: 'driverApplication:approve',
      body: refuseApplicationBody,
    },
  ],
});

/**
 * 司机申请: a driver asks in the app to lease a model in a city, with their papers; the branch company reviews
 * it into a lease order (待审批) or refuses it with a reason.
 */
export const driverApplicationResource = defineResource({
  key: 'driverApplication',
  title: '司机申请',
  page: 'driverApplication',
  endpoint: '/api/driver-applications',
  identity: 'applicationNo',
  lifecycle: driverApplicationLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    applicationNo: fields.text('申请编号', { form: false, filter: 'like' }),
    driverId: fields.ref('申请司机', 'driver', { form: false, filter: 'eq' }),
    cityId: fields.ref('用车城市', 'city', { form: false, filter: 'eq' }),
    modelId: fields.ref('意向车型', 'model', { form: false, filter: 'eq' }),
    rentalMode: fields.enumOf(enums.rentalMode, { form: false, filter: 'eq' }),
    wantedDate: fields.date('期望提车日期', { form: false }),
    termMonths: fields.integer('期望租期（月）', { form: false, max: 120 }),
    documents: fields.files('证件资料', { form: false, accept: ['png', 'jpg', 'jpeg', 'pdf'] }),
    message: fields.text('司机留言', { form: false, max: 200, list: false }),
    status: fields.enumOf(driverApplicationStatus, { form: false, filter: 'eq' }),
    orderNo: fields.text('生成订单', { form: false, max: 18 }),
    refuseReason: fields.text('拒绝原因', { form: false, list: false }),
    reviewedAt: fields.datetime('审核时间', { form: false, list: false }),
    createdAt: fields.datetime('申请时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const driverApplicationScreens = {
  driverApplication: defineScreen(driverApplicationResource, {
    route: 'driverApplication',
    key: ['driverId', 'modelId', 'cityId', 'status'],
    filters: ['applicationNo', 'driverId', 'cityId', 'modelId', 'rentalMode', 'createdAt'],
    tabs: { field: 'status', all: true, items: [{ values: [0] }, { values: [1] }, { values: [2] }] },
    actions: ['accept', 'refuse'],
  }),
};
