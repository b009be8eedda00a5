import { z } from 'zod';
import { nationalIdProblem } from '../drivers/identifiers';
import { defineEnum, enums } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';
import { fleetLeaseType, fleetRenewal } from './resource';

/** A car of a B端 order: waiting for its handover, with the customer, back, or not leased after all. */
export const fleetCarStatus = defineEnum(
  '交车状态',
  [
    [0, '待交车'],
    [1, '租赁中'],
    [2, '已还车'],
    [3, '已取消'],
  ],
  { status: true },
);
export const fleetCarStates = { waiting: 0, leased: 1, returned: 2, cancelled: 3 } as const;

/** What is handed over with the car (checked at 交车, counted back at 还车). */
export const handoverAccessory = defineEnum('随车物品', [
  [1, '备胎'],
  [2, '随车工具'],
  [3, '灭火器'],
  [4, '三角警示牌'],
  [5, '充电枪'],
  [6, '脚垫'],
]);

export const handoverDocument = defineEnum('随车证件', [
  [1, '行驶证'],
  [2, '保险单'],
  [3, '运输证'],
  [4, '年检标'],
]);

const photo = (title: string) =>
  z
    .array(text().min(1).max(300))
    .min(1, '请上传')
    .max(3)
    .meta({ title, files: true, accept: ['png', 'jpg', 'jpeg'] });

/**
 * 交接单: the checklist of a car changing hands — readings, the four sides and the dashboard photographed, keys,
 * what goes with it, and who received it (their ID number and signature).
 */
const checklist = {
  mileage: z.number().int().min(0).max(3_000_000).meta({ title: '里程（公里）' }),
  energyLevel: z.number().int().min(0).max(100).meta({ title: '油量/电量（%）' }),
  frontPhotos: photo('车头照片'),
  rearPhotos: photo('车尾照片'),
  leftPhotos: photo('左侧照片'),
  rightPhotos: photo('右侧照片'),
  dashboardPhotos: photo('仪表盘照片'),
  keysCount: z.number().int().min(0).max(10).meta({ title: '钥匙数量' }),
  receiverName: text().trim().min(1, '不能为空').max(30).meta({ title: '接收人姓名' }),
  receiverIdNo: text()
    .trim()
    .toUpperCase()
    .refine((value) => nationalIdProblem(value) === null, '身份证号格式不正确')
    .meta({ title: '接收人身份证号' }),
  signature: z.array(text().min(1).max(300)).min(1, '请上传').max(1).meta({ title: '接收人签名', files: true }),
  handedOn: calendarDate().optional().meta({ title: '交接日期' }),
  remark: text().trim().max(500).optional().meta({ title: '备注' }),
};
/** Several values of an enumeration in an action's body: the dialog offers its labels to pick several. */
const itemsOf = (enumDef: typeof handoverAccessory | typeof handoverDocument) =>
  z
    .array(enumDef.schema)
    .max(enumDef.options.length)
    .default([])
    .meta({ title: enumDef.title, options: enumDef.options });

export const fleetDeliverBody = z.strictObject({
  // The picker offers the cars this line may take (its order's city, its model, free to lease); the server checks.
  vehicleId: idText
    .optional()
    .meta({ title: '交付车辆', lookup: 'vehicle', lookupParams: { fleetCarFor: { row: 'id' } } }),
  ...checklist,
  accessories: itemsOf(handoverAccessory),
  documents: itemsOf(handoverDocument),
});
export const fleetReturnBody = z.strictObject({
  ...checklist,
  accessories: itemsOf(handoverAccessory),
  documents: itemsOf(handoverDocument),
});

const { waiting, leased, returned } = fleetCarStates;

/** 交接: 交车 starts the car's days on the order, 还车 ends them; each a 交接单 and the vehicle's own action. */
export const fleetCarLifecycle = defineLifecycle({
  field: 'status',
  states: fleetCarStatus,
  removable: [],
  transitions: [
    {
      action: 'deliver',
      title: '交车',
      from: [waiting],
      to: leased,
      button: 'handoverManage:handover',
      body: fleetDeliverBody,
    },
    {
      action: 'giveBack',
      title: '还车',
      from: [leased],
      to: returned,
      button: 'handoverManage:handover',
      body: fleetReturnBody,
    },
  ],
});

/** 交接管理: a car of a B端 order, made when the order is approved, with its terms and where its handover stands. */
export const fleetCarResource = defineResource({
  key: 'fleetCar',
  title: '交接车辆',
  page: 'handoverManage',
  endpoint: '/api/fleet-cars',
  identity: 'carNo',
  operations: [],
  lifecycle: fleetCarLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    carNo: fields.text('交付单号', { form: false, filter: 'like', max: 22 }),
    orderId: fields.parentId('B端订单'),
    orderNo: fields.text('订单编号', { form: false, filter: 'like' }),
    customerId: fields.ref('客户', 'customer', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    modelId: fields.ref('车型', 'model', { form: false, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    leaseType: fields.enumOf(fleetLeaseType, { form: false, filter: 'eq' }),
    monthlyRent: fields.money('月租金', { form: false }),
    rentRatio: fields.percent('租金比例', { form: false, list: false }),
    depositDue: fields.money('应缴押金', { form: false, list: false }),
    depositPaid: fields.money('实缴押金', { form: false, list: false }),
    startDate: fields.date('起租日期', { form: false, sortable: true }),
    endDate: fields.date('到期日期', { form: false, sortable: true }),
    renewal: fields.enumOf(fleetRenewal, { form: false, list: false }),
    status: fields.enumOf(fleetCarStatus, { form: false, filter: 'eq' }),
    processType: fields.enumOf(enums.processType, { form: false, filter: 'eq' }),
    deliveredOn: fields.date('交车日期', { form: false, filter: 'range' }),
    returnedOn: fields.date('还车日期', { form: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const fleetCarScreens = {
  handoverManage: defineScreen(fleetCarResource, {
    route: 'handoverManage',
    key: ['status', 'orderNo', 'customerId', 'vehicleId', 'processType'],
    columns: ['modelId', 'cityId', 'leaseType', 'monthlyRent', 'startDate', 'endDate', 'deliveredOn', 'returnedOn'],
    filters: [
      'orderId',
      'carNo',
      'orderNo',
      'customerId',
      'vehicleId',
      'cityId',
      'modelId',
      'status',
      'processType',
      'deliveredOn',
    ],
    tabs: { field: 'status', all: true, items: [{ values: [0] }, { values: [1] }, { values: [2] }, { values: [3] }] },
    actions: ['deliver', 'giveBack'],
  }),
};

/** 交接单: one handover of a car, as recorded (never edited). */
export const fleetHandoverResource = defineResource({
  key: 'fleetHandover',
  title: '交接记录',
  page: 'handoverManage',
  endpoint: '/api/fleet-handovers',
  identity: 'handedAt',
  operations: [],
  defaultSort: { field: 'handedAt', order: 'desc' },
  fields: {
    carId: fields.parentId('交接车辆'),
    processType: fields.enumOf(enums.processType, { form: false }),
    handedAt: fields.datetime('交接时间', { form: false, sortable: true }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false }),
    mileage: fields.integer('里程（公里）', { form: false }),
    energyLevel: fields.integer('油量/电量（%）', { form: false }),
    keysCount: fields.integer('钥匙数量', { form: false }),
    accessories: fields.enumsOf(handoverAccessory, { form: false }),
    documents: fields.enumsOf(handoverDocument, { form: false }),
    frontPhotos: fields.files('车头照片', { form: false }),
    rearPhotos: fields.files('车尾照片', { form: false }),
    leftPhotos: fields.files('左侧照片', { form: false }),
    rightPhotos: fields.files('右侧照片', { form: false }),
    dashboardPhotos: fields.files('仪表盘照片', { form: false }),
    receiverName: fields.text('接收人姓名', { form: false }),
    receiverIdNo: fields.text('接收人身份证号', { form: false, sensitive: 'idCard', list: false }),
    signature: fields.files('接收人签名', { form: false }),
    remark: fields.text('备注', { form: false, list: false }),
    createdBy: fields.ref('经办人', 'user', { form: false }),
  },
});

export const fleetHandoverScreens = {
  handovers: defineScreen(fleetHandoverResource, {
    route: 'handoverManage',
    embedded: { name: 'handovers', title: '交接记录' },
  }),
};
