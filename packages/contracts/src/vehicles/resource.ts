import { enums } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { vehicleEnums } from './enums';
import { plateProblem, vinProblem } from './identifiers';
import { vehicleLifecycle } from './lifecycle';

const upper = (check: (value: string) => string | null) => (value: string) => check(value.toUpperCase());

/** The vehicle as a fleet manager keeps it: identity, model, papers, insurance, stage. */
export const vehicleResource = defineResource({
  key: 'vehicle',
  title: '车辆',
  page: 'vehicleList',
  endpoint: '/api/vehicles',
  identity: 'plateNo',
  lifecycle: vehicleLifecycle,
  import: { key: ['vin'], maxRows: 2000, note: '车架号已存在的行会跳过；新导入的车辆为待验车。' },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    plateNo: fields.text('车牌号', {
      max: 8,
      check: upper(plateProblem),
      import: { example: '京AD12345', note: '未上牌可不填' },
      filter: 'like',
      sortable: true,
      unique: true,
    }),
    vin: fields.text('车架号', {
      max: 17,
      required: true,
      check: upper(vinProblem),
      filter: 'like',
      unique: true,
      import: { example: 'LGXCE4CB9P0123456' },
    }),
    engineNo: fields.text('发动机号', { max: 30, list: false, import: true }),
    modelId: fields.ref('车型', 'model', {
      required: true,
      import: { example: '秦PLUS EV 2023款 510km', note: '车型名称' },
    }),
    brandId: fields.ref('品牌', 'brand', { form: false, filter: 'eq', list: false }),
    colour: fields.text('颜色', { max: 10, list: false, import: { example: '白色' } }),
    energyType: fields.enumOf(vehicleEnums.energyType, { required: true, filter: 'eq', import: true }),
    seats: fields.integer('座位数', { min: 2, max: 60, list: false, import: { example: '5' } }),
    cityId: fields.ref('城市', 'city', {
      required: true,
      filter: 'eq',
      import: { example: '北京市', note: '城市名称' },
    }),
    companyId: fields.ref('所属公司', 'company', {
      required: true,
      filter: 'eq',
      import: { note: '本分公司的公司名称' },
    }),
    registrationDate: fields.date('注册日期', {
      filter: 'range',
      sortable: true,
      list: false,
      import: { example: '2024-03-01' },
    }),
    purchasePrice: fields.money('采购价', { list: false, import: { example: '129800' } }),
    // Read off the odometer when the car comes in (验车 records it again): never left to a default of 0.
    mileage: fields.integer('里程（公里）', {
      required: true,
      max: 3_000_000,
      sortable: true,
      import: { example: '12' },
    }),
    gpsDeviceNo: fields.text('GPS设备号', { max: 30, list: false, import: true }),
    gpsLastSeenAt: fields.datetime('GPS最后定位时间', { form: false, list: false }),
    drivingLicenseIssueDate: fields.date('行驶证发证日期', { list: false, import: true }),
    operationCertificateNo: fields.text('运输证号', { max: 30, list: false, import: true }),
    operationCertificateExpiry: fields.date('运输证有效期至', {
      list: false,
      filter: 'range',
      sortable: true,
      import: true,
    }),
    compulsoryInsurer: fields.text('交强险保险公司', { max: 50, list: false, import: true }),
    compulsoryPolicyNo: fields.text('交强险保单号', { max: 50, list: false, import: true }),
    compulsoryStart: fields.date('交强险起保日期', { list: false, import: true }),
    compulsoryEnd: fields.date('交强险到期日期', { list: false, filter: 'range', sortable: true, import: true }),
    commercialInsurer: fields.text('商业险保险公司', { max: 50, list: false, import: true }),
    commercialPolicyNo: fields.text('商业险保单号', { max: 50, list: false, import: true }),
    commercialStart: fields.date('商业险起保日期', { list: false, import: true }),
    commercialEnd: fields.date('商业险到期日期', { list: false, filter: 'range', sortable: true, import: true }),
    nextInspectionDate: fields.date('下次年检日期', { filter: 'range', sortable: true, import: true }),
    rentStatus: fields.enumOf(enums.carRentStatus, { form: false, filter: 'eq' }),
    stage: fields.enumOf(vehicleEnums.stage, { form: false, filter: 'in' }),
    /** Not a column: vehicles whose preparation item of this number is still open. */
    pendingPreparation: fields.enumOf(vehicleEnums.preparationItem, {
      title: '待完成整备项',
      form: false,
      list: false,
      export: false,
      detail: false,
      filter: 'eq',
    }),
    labels: fields.tags('标签', { import: { note: '多个标签以顿号分隔' } }),
    attachments: fields.files('附件'),
    remark: fields.text('备注', { max: 500, list: false, import: true }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
});
