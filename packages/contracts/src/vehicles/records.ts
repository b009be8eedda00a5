import { z } from 'zod';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { text } from '../values';
import { acceptReturnBody, handleRiskBody } from './actions';
import { vehicleEnums } from './enums';

/**
 * The record's vehicle, as a filter only: the vehicle detail's related lists and their 查看全部 ask for one
 * vehicle's records (`?vehicleId=7`); the search panel offers the plate instead.
 */
const ofVehicle = { filter: 'eq', panel: false } as const;

/**
 * The record's driver, as a filter only: a driver's detail lists their deliveries, returns and violations
 * (`?driverId=7`).
 */
const ofDriver = fields.ref('司机', 'driver', {
  filter: 'eq',
  panel: false,
  form: false,
  list: false,
  detail: false,
  export: false,
});

/** What every vehicle record list shows and searches of its vehicle: the plate and VIN (matched on the vehicle). */
const vehicleColumns = {
  vehicleId: fields.ref('车辆', 'vehicle', {
    ...ofVehicle,
    required: true,
    form: false,
    list: false,
    detail: false,
    export: false,
  }),
  plateNo: fields.text('车牌号', { max: 8, filter: 'like', form: false }),
  vin: fields.text('车架号', { max: 17, filter: 'like', form: false }),
};

export const inspectionResource = defineResource({
  key: 'vehicleInspection',
  title: '验车记录',
  page: 'vehicleInspection',
  endpoint: '/api/vehicle-inspections',
  identity: 'plateNo',
  defaultSort: { field: 'inspectedAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    inspectedAt: fields.datetime('验车时间', { filter: 'range', sortable: true, form: false }),
    inspector: fields.text('验车人', { filter: 'like', form: false }),
    mileage: fields.integer('里程（公里）', { form: false }),
    result: fields.enumOf(vehicleEnums.inspectionResult, { filter: 'eq', form: false }),
    remark: fields.text('备注', { form: false }),
  },
});

export const outboundResource = defineResource({
  key: 'outboundRecord',
  title: '出库记录',
  page: 'outboundRecord',
  endpoint: '/api/vehicle-outbound-records',
  identity: 'plateNo',
  defaultSort: { field: 'outboundAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    outboundAt: fields.datetime('出库时间', { filter: 'range', sortable: true, form: false }),
    location: fields.text('出库地点', { filter: 'like', form: false }),
    mileage: fields.integer('里程（公里）', { form: false }),
    purpose: fields.text('出库用途', { form: false }),
    handler: fields.text('经办人', { filter: 'like', form: false }),
  },
});

export const deliveryResource = defineResource({
  key: 'delivery',
  title: '交车记录',
  page: 'deliveryRecord',
  endpoint: '/api/vehicle-deliveries',
  identity: 'plateNo',
  defaultSort: { field: 'deliveredAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    driverId: ofDriver,
    kind: fields.enumOf(vehicleEnums.deliveryKind, { filter: 'eq', form: false }),
    deliveredAt: fields.datetime('交车时间', { filter: 'range', sortable: true, form: false }),
    driverName: fields.text('司机姓名', { filter: 'like', form: false }),
    driverPhone: fields.text('联系电话', { filter: 'like', form: false }),
    mileage: fields.integer('交车里程（公里）', { form: false }),
    energyLevel: fields.integer('油量/电量（%）', { form: false }),
    handler: fields.text('经办人', { form: false }),
    endedAt: fields.datetime('收回/还车时间', { form: false }),
    remark: fields.text('备注', { form: false, list: false }),
    photos: fields.files('照片', { form: false }),
  },
});

/** 取消还车: why a return asked for is called off before its car is accepted back. */
export const cancelReturnBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }),
});

/**
 * A return waits for 验收, which puts its vehicle back in stock; or it is cancelled (已取消, SPEC §3) before
 * that — the car stays with its driver (租赁中) and a lease order being returned is in force again. Not once
 * accepted, nor once its order has a settlement.
 */
export const returnLifecycle = defineLifecycle({
  field: 'status',
  states: vehicleEnums.returnStatus,
  transitions: [
    { action: 'accept', title: '还车验收', from: [0], to: 1, button: 'carReturnRecord:accept', body: acceptReturnBody },
    {
      action: 'cancel',
      title: '取消还车',
      from: [0],
      to: 3,
      button: 'carReturnRecord:cancel',
      body: cancelReturnBody,
    },
  ],
});

export const returnResource = defineResource({
  key: 'carReturn',
  title: '还车记录',
  page: 'carReturnRecord',
  endpoint: '/api/vehicle-returns',
  identity: 'plateNo',
  lifecycle: returnLifecycle,
  defaultSort: { field: 'requestedAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    driverId: ofDriver,
    status: fields.enumOf(vehicleEnums.returnStatus, { filter: 'eq', form: false }),
    requestedAt: fields.datetime('登记时间', { filter: 'range', sortable: true, form: false }),
    returnedAt: fields.datetime('验收时间', { sortable: true, form: false }),
    mileage: fields.integer('还车里程（公里）', { form: false }),
    energyLevel: fields.integer('油量/电量（%）', { form: false }),
    damage: fields.text('车损情况', { form: false }),
    handler: fields.text('经办人', { form: false }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
  },
});

export const shuntingResource = defineResource({
  key: 'shunting',
  title: '调车记录',
  page: 'shuntingManagement',
  endpoint: '/api/vehicle-shunting',
  identity: 'plateNo',
  defaultSort: { field: 'shuntedAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    fromCityId: fields.ref('调出城市', 'city', { filter: 'eq', form: false }),
    fromLocation: fields.text('调出地点', { form: false }),
    toCityId: fields.ref('调入城市', 'city', { filter: 'eq', form: false }),
    toLocation: fields.text('调入地点', { form: false }),
    shuntedAt: fields.datetime('调车时间', { filter: 'range', sortable: true, form: false }),
    driver: fields.text('调车司机', { filter: 'like', form: false }),
    reason: fields.text('调车原因', { form: false }),
  },
});

export const violationResource = defineResource({
  key: 'violation',
  title: '违章记录',
  page: 'violationManagement',
  endpoint: '/api/vehicle-violations',
  identity: 'plateNo',
  import: { key: ['vehicleId', 'occurredAt', 'item'], maxRows: 2000 },
  defaultSort: { field: 'occurredAt', order: 'desc' },
  fields: {
    vehicleId: fields.ref('车辆', 'vehicle', {
      ...ofVehicle,
      required: true,
      list: false,
      import: { header: '车牌号', example: '京A12345', note: '本分公司车辆的车牌号' },
    }),
    plateNo: fields.text('车牌号', { max: 8, filter: 'like', form: false }),
    occurredAt: fields.datetime('违章时间', {
      required: true,
      notAfterNow: true,
      filter: 'range',
      sortable: true,
      import: { example: '2026-11-01 08:30', note: '如2026-11-01 08:30，不能晚于当前时间' },
    }),
    place: fields.text('违章地点', { required: true, max: 100, import: { example: '建国路双井桥东' } }),
    item: fields.text('违章行为', { required: true, max: 200, import: { example: '违反禁止标线指示' } }),
    points: fields.integer('扣分', { max: 12, sortable: true, import: { example: '3' } }),
    fine: fields.money('罚款', { sortable: true, import: { example: '200' } }),
    status: fields.enumOf(vehicleEnums.violationStatus, { filter: 'eq', import: { note: '不填为未处理' } }),
    driverName: fields.text('责任司机', { filter: 'like', form: false }),
    driverId: ofDriver,
    handledAt: fields.datetime('处理时间', { form: false }),
    remark: fields.text('备注', { max: 500, list: false, import: true }),
  },
});

export const maintenanceResource = defineResource({
  key: 'maintenance',
  title: '维保记录',
  page: 'maintenanceManagement',
  endpoint: '/api/vehicle-maintenance',
  identity: 'plateNo',
  defaultSort: { field: 'serviceDate', order: 'desc' },
  fields: {
    vehicleId: fields.ref('车辆', 'vehicle', { ...ofVehicle, required: true, list: false }),
    plateNo: fields.text('车牌号', { max: 8, filter: 'like', form: false }),
    type: fields.enumOf(vehicleEnums.maintenanceType, { required: true, filter: 'eq' }),
    serviceDate: fields.date('维保日期', { required: true, filter: 'range', sortable: true }),
    mileage: fields.integer('里程（公里）', { required: true, max: 3_000_000 }),
    vendor: fields.text('维保单位', { required: true, max: 50, filter: 'like' }),
    cost: fields.money('费用', { sortable: true }),
    status: fields.enumOf(vehicleEnums.maintenanceStatus, { filter: 'eq' }),
    attachments: fields.files('附件'),
    remark: fields.text('备注', { max: 500, list: false }),
  },
});

/** A flagged risk waits for someone to 处理 it. */
export const riskLifecycle = defineLifecycle({
  field: 'status',
  states: vehicleEnums.riskStatus,
  transitions: [{ action: 'handle', from: [0], to: 1, button: 'riskManagement:handle', body: handleRiskBody }],
});

export const riskResource = defineResource({
  key: 'vehicleRisk',
  title: '车辆风险',
  page: 'riskManagement',
  endpoint: '/api/vehicle-risks',
  identity: 'plateNo',
  lifecycle: riskLifecycle,
  defaultSort: { field: 'detectedAt', order: 'desc' },
  fields: {
    ...vehicleColumns,
    rule: fields.enumOf(vehicleEnums.riskRule, { filter: 'eq', form: false }),
    detail: fields.text('风险说明', { form: false }),
    dueDate: fields.date('到期日期', { sortable: true, form: false }),
    detectedAt: fields.datetime('发现时间', { filter: 'range', sortable: true, form: false }),
    status: fields.enumOf(vehicleEnums.riskStatus, { filter: 'eq', form: false }),
    handledBy: fields.text('处理人', { form: false }),
    note: fields.text('处理说明', { max: 500, form: false }),
  },
});
