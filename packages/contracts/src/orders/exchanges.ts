import { z } from 'zod';
import { defineEnum } from '../enums';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';

/**
 * A 换车订单: its approval running, turned down (resubmitted after changes), approved and waiting for the
 * handover of the two cars, done.
 */
export const exchangeStatus = defineEnum(
  '换车状态',
  [
    [1, '审批中'],
    [2, '已驳回'],
    [3, '待交接'],
    [4, '已完成'],
    [5, '已取消'],
  ],
  { status: true },
);
export const exchangeStates = { inApproval: 1, rejected: 2, approved: 3, done: 4, cancelled: 5 } as const;

const reason = text().trim().min(1, '不能为空').max(200).meta({ title: '换车原因' });
/** The change of the monthly rent with the new car, in fen (typed in yuan): negative when it is cheaper. */
const rentDifference = moneyAmount('月租差额', { min: -100_000_000 });

/** The car wanted, picked among those the order (the row's field `order`) may have in its place. */
const newVehicle = (order: string) =>
  idText.meta({ title: '新车辆', lookup: 'vehicle', lookupParams: { exchangeFor: { row: order } } });

/** 换车 of an order whose car is with the driver: the car wanted in its place, why, and the rent's change. */
export const exchangeOrderBody = z.strictObject({
  newVehicleId: newVehicle('id'),
  reason,
  rentDifference: rentDifference.optional(),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

/** 重新提交 of a turned-down exchange, changed as its approvers asked (the exchange's row names its order). */
export const resubmitExchangeBody = exchangeOrderBody.extend({ newVehicleId: newVehicle('orderId') });

const energy = z.number().int().min(0).max(100);
const mileage = z.number().int().min(0).max(3_000_000);

/** 换车交接: the old car back (its readings and damage) and the new one handed over (its readings). */
export const exchangeHandoverBody = z.strictObject({
  oldMileage: mileage.meta({ title: '原车还车里程（公里）' }),
  oldEnergyLevel: energy.meta({ title: '原车油量/电量（%）' }),
  oldDamage: text().trim().max(500).optional().meta({ title: '原车车损情况' }),
  oldDamageFee: moneyAmount('原车车损费用').optional().meta({ hint: '填写后生成换车结算款，由司机支付' }),
  newMileage: mileage.meta({ title: '新车交车里程（公里）' }),
  newEnergyLevel: energy.meta({ title: '新车油量/电量（%）' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

/** 取消换车: why an approved exchange is not handed over; the new car it held is free again. */
export const cancelExchangeBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }),
});

const { inApproval, rejected, approved, done, cancelled } = exchangeStates;

export const exchangeOrderLifecycle = defineLifecycle({
  field: 'status',
  states: exchangeStatus,
  removable: [],
  editable: [],
  transitions: [
    {
      action: 'resubmit',
      title: '重新提交',
      from: [rejected],
      to: inApproval,
      button: 'transferOrder:resubmit',
      body: resubmitExchangeBody,
      prefill: ['newVehicleId', 'reason', 'rentDifference', 'remark'],
    },
    {
      action: 'handover',
      title: '换车交接',
      from: [approved],
      to: done,
      button: 'transferOrder:handover',
      body: exchangeHandoverBody,
    },
    {
      action: 'cancel',
      title: '取消换车',
      from: [approved],
      to: cancelled,
      button: 'transferOrder:cancel',
      body: cancelExchangeBody,
    },
  ],
});

export const exchangeOrderResource = defineResource({
  key: 'exchangeOrder',
  title: '换车订单',
  page: 'transferOrder',
  endpoint: '/api/exchange-orders',
  identity: 'exchangeNo',
  lifecycle: exchangeOrderLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    exchangeNo: fields.text('换车单号', { form: false, filter: 'like', sortable: true, max: 16 }),
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 18 }),
    driverId: fields.ref('承租司机', 'driver', { form: false, filter: 'eq' }),
    oldVehicleId: fields.ref('原车辆', 'vehicle', { form: false, filter: 'eq' }),
    newVehicleId: fields.ref('新车辆', 'vehicle', { form: false, filter: 'eq' }),
    reason: fields.text('换车原因', { form: false, max: 200 }),
    rentDifference: fields.money('月租差额', {
      form: false,
      signed: { negativeAs: '减收' },
      hint: '正数为加收，负数为减收',
    }),
    status: fields.enumOf(exchangeStatus, { form: false, filter: 'eq' }),
    handedOverAt: fields.datetime('交接时间', { form: false }),
    cancelReason: fields.text('取消原因', { form: false, max: 200, list: false }),
    remark: fields.text('备注', { form: false, max: 200, list: false }),
    createdAt: fields.datetime('申请时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const exchangeOrderScreens = {
  transferOrder: defineScreen(exchangeOrderResource, {
    route: 'transferOrder',
    // The state is the tabs' (and a column after the keys): the cars stay in view beside three actions.
    key: ['orderNo', 'driverId', 'oldVehicleId', 'newVehicleId'],
    widths: { driverId: 150 },
    filters: ['exchangeNo', 'orderNo', 'driverId', 'oldVehicleId', 'newVehicleId', 'createdAt'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [4] }, { values: [5] }],
    },
    actions: ['resubmit', 'handover', 'cancel'],
  }),
};
