import { z } from 'zod';
import { defineEnum, enums } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { beijingDay, calendarDate, idText, text } from '../values';

/** Where a planned pickup stands: open (计划中, 延期) until the driver takes the car, it is called off, or the day passes. */
export const boardingPlanStatus = defineEnum(
  '计划状态',
  [
    [1, '计划中'],
    [2, '已上车'],
    [3, '延期'],
    [4, '已取消'],
    [5, '未到店'],
  ],
  { status: true },
);

/** The states a plan is still open in: the daily job marks those whose day has passed 未到店. */
export const openBoardingStates = [1, 3] as const;

const reason = (title: string) => text().trim().min(1, '不能为空').max(200).meta({ title });

export const boardingPlanLifecycle = defineLifecycle({
  field: 'status',
  states: boardingPlanStatus,
  editable: [1, 3],
  removable: [],
  transitions: [
    {
      action: 'board',
      from: [1, 3],
      to: 2,
      button: 'boardingPlan:board',
      body: z.strictObject({
        leaseOrderId: idText.meta({
          title: '租赁订单',
          lookup: 'boardingOrder',
          lookupParams: { boardingFor: { row: 'id' } },
        }),
      }),
    },
    {
      action: 'postpone',
      // A driver who did not come may still be booked again.
      from: [1, 3, 5],
      to: 3,
      button: 'boardingPlan:postpone',
      body: z.strictObject({
        plannedDate: calendarDate()
          .refine((value) => value >= beijingDay(new Date()), '不能早于今天')
          .meta({ title: '新的计划日期' }),
        reason: reason('延期原因'),
      }),
    },
    {
      action: 'cancel',
      from: [1, 3, 5],
      to: 4,
      button: 'boardingPlan:cancel',
      body: z.strictObject({ reason: reason('取消原因') }),
    },
    {
      action: 'noShow',
      from: [1, 3],
      to: 5,
      button: 'boardingPlan:noShow',
      confirm: '确定该司机未按计划到店提车吗？',
    },
  ],
});

/**
 * 上车计划: the pickups sales expect — who (a registered driver, or a lead known by name and mobile), when,
 * where, which model and rental mode, the car held for them and the deposit paid. 上车 links the 租赁订单 that
 * fulfils the plan (one of that driver's, or of the driver with that mobile, linked to no other plan) and takes
 * its handover time; 延期 asks for the new day and why; a plan still open after its day becomes 未到店 (a job
 * each hour, for the day just ended). Plans are never deleted: a mistaken one is 取消 with its reason.
 */
export const boardingPlanResource = defineResource({
  key: 'boardingPlan',
  title: '上车计划',
  page: 'boardingPlan',
  endpoint: '/api/boarding-plans',
  identity: 'customerName',
  lifecycle: boardingPlanLifecycle,
  defaultSort: { field: 'plannedDate', order: 'desc' },
  fields: {
    customerName: fields.text('司机姓名', { required: true, max: 20, filter: 'like' }),
    mobile: fields.mobile('手机号', {
      required: true,
      filter: 'like',
      sensitive: 'mobile',
      import: { example: '13716285093' },
    }),
    driverId: fields.ref('关联司机', 'driver', { list: false, hint: '已建档的司机请选择，上车时只能关联其订单' }),
    plannedDate: fields.date('计划上车日期', { required: true, filter: 'range', sortable: true, notBeforeToday: true }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    stationId: fields.ref('提车地点', 'driveStation', { hint: '启用中的驿站' }),
    modelId: fields.ref('意向车型', 'model', { required: true }),
    rentalMode: fields.enumOf(enums.rentalMode, { required: true, filter: 'eq' }),
    vehicleId: fields.ref('预留车辆', 'vehicle', { list: false }),
    deposit: fields.money('已付定金'),
    salespersonId: fields.ref('销售人员', 'user', { required: true, filter: 'eq' }),
    status: fields.enumOf(boardingPlanStatus, { form: false, filter: 'eq' }),
    reason: fields.text('原因', { form: false, list: false, max: 200 }),
    leaseOrderId: fields.ref('租赁订单', 'leaseOrder', { form: false }),
    boardedAt: fields.datetime('实际上车时间', { form: false, sortable: true }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const boardingPlanScreens = {
  boardingPlan: defineScreen(boardingPlanResource, {
    route: 'boardingPlan',
    key: ['plannedDate', 'status'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [3] }, { values: [2] }, { values: [5] }, { values: [4] }],
    },
    actions: ['board', 'postpone', 'cancel', 'noShow'],
  }),
};
