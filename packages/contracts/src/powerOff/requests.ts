import { z } from 'zod';
import { defineEnum, enums } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { text } from '../values';

/**
 * A 断电申请: its approval running, then approved and waiting for 断电, the cut under way (queued while the
 * terminal is offline or the car moves), the car cut, its restore under way, restored; or failed, turned
 * down, withdrawn, or called off before any cut (the arrears paid while it waited).
 */
export const powerOffStatus = defineEnum(
  '断电状态',
  [
    [1, '审批中'],
    [2, '待断电'],
    [3, '断电中'],
    [4, '已断电'],
    [5, '复电中'],
    [6, '已复电'],
    [7, '断电失败'],
    [8, '已驳回'],
    [9, '已撤回'],
    [10, '已取消'],
  ],
  { status: true },
);
export const powerOffStates = {
  inApproval: 1,
  approved: 2,
  cutting: 3,
  cut: 4,
  restoring: 5,
  restored: 6,
  failed: 7,
  rejected: 8,
  withdrawn: 9,
  cancelled: 10,
} as const;

/**
 * Which kind of order a request is for: the reference is (kind, id), so B端 fleet orders join as a new kind
 * without changing what the stored ids mean.
 */
export const powerOffOrderKind = defineEnum('订单类型', [[1, 'C端租赁订单']]);
export const powerOffOrderKinds = { lease: 1 } as const;

/** 复电: why the car gets its power back (the arrears paid restore it by themselves). */
export const powerOnBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '复电原因' }),
});

const { approved, cutting, cut, restoring, failed } = powerOffStates;

export const powerOffLifecycle = defineLifecycle({
  field: 'status',
  states: powerOffStatus,
  removable: [],
  editable: [],
  transitions: [
    {
      action: 'powerOff',
      title: '断电',
      from: [approved, failed],
      to: cutting,
      button: 'powerOff.index:powerOff',
      confirm: '确定向车载终端下发断电指令吗？车辆行驶中（超过限速或ACC开）时，指令将等到停车后再执行。',
    },
    {
      action: 'powerOn',
      title: '复电',
      from: [cutting, cut, failed],
      to: restoring,
      button: 'powerOff.index:powerOn',
      body: powerOnBody,
    },
  ],
});

export const powerOffRequestResource = defineResource({
  key: 'powerOffRequest',
  title: '断电申请',
  page: 'powerOff.applyList',
  endpoint: '/api/power-off-requests',
  identity: 'requestNo',
  lifecycle: powerOffLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    requestNo: fields.text('申请编号', { form: false, filter: 'like', max: 16 }),
    orderId: fields.ref('订单', 'powerOffOrder', {
      required: true,
      list: false,
      createOnly: true,
      hint: '履约中的租赁订单：车辆、客户与欠款随订单带出',
    }),
    orderKind: fields.enumOf(powerOffOrderKind, { form: false, list: false }),
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 18 }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    deviceImei: fields.text('终端IMEI', { form: false, filter: 'like', max: 30 }),
    driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    reason: fields.enumOf(enums.powerOffReason, { required: true, filter: 'eq' }),
    arrears: fields.money('逾期欠款', { form: false }),
    remark: fields.text('申请说明', { required: true, max: 200 }),
    status: fields.enumOf(powerOffStatus, { form: false, filter: 'eq' }),
    createdBy: fields.ref('申请人', 'user', { form: false, filter: 'eq' }),
    createdAt: fields.datetime('申请时间', { form: false, filter: 'range', sortable: true }),
    decidedAt: fields.datetime('审批时间', { form: false, list: false }),
    cutAt: fields.datetime('断电时间', { form: false, filter: 'range', sortable: true }),
    restoredAt: fields.datetime('复电时间', { form: false }),
    restoreReason: fields.text('复电原因', { form: false, max: 200, list: false }),
    failReason: fields.text('失败原因', { form: false, max: 200 }),
  },
});

const statusTabs = (values: readonly number[]) => values.map((value) => ({ values: [value] }));

export const powerOffRequestScreens = {
  applyList: defineScreen(powerOffRequestResource, {
    route: 'powerOff.applyList',
    key: ['vehicleId', 'driverId', 'reason', 'status'],
    widths: { driverId: 140 },
    filters: ['requestNo', 'orderNo', 'vehicleId', 'driverId', 'cityId', 'reason', 'createdBy', 'createdAt'],
    tabs: { field: 'status', all: true, items: statusTabs([1, 2, 8, 9, 10]) },
  }),
  powerOff: defineScreen(powerOffRequestResource, {
    route: 'powerOff.index',
    key: ['vehicleId', 'deviceImei', 'status', 'cutAt'],
    widths: { driverId: 140 },
    filters: ['requestNo', 'orderNo', 'vehicleId', 'deviceImei', 'driverId', 'cityId', 'reason', 'cutAt'],
    tabs: { field: 'status', items: statusTabs([4, 3, 2, 7, 5, 6]) },
    actions: ['powerOff', 'powerOn'],
  }),
};
