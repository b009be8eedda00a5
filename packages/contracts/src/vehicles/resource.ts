import { enums } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { vehicleEnums } from './enums';
import { plateProblem, vinProblem } from './identifiers';

const upper = (check: (value: string) => string | null) => (value: string) => check(value.toUpperCase());

/** The vehicle as a fleet manager keeps it: identity, model, papers, insurance, stage. */
export const vehicleResource = defineResource({
  key: 'vehicle',
  title: '车辆',
  permissions: {
    list: 'vehicleList',
    create: 'vehicleList:add',
    update: 'vehicleList:edit',
    remove: 'vehicleList:delete',
    export: 'vehicleList:export',
  },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    plateNo: fields.text('车牌号', { max: 8, check: upper(plateProblem), filter: 'like', sortable: true }),
    vin: fields.text('车架号', { max: 17, required: true, check: upper(vinProblem), filter: 'like' }),
    engineNo: fields.text('发动机号', { max: 30, list: false }),
    modelId: fields.ref('车型', 'model', { required: true }),
    brandId: fields.ref('品牌', 'brand', { form: false, filter: 'eq', list: false }),
    colour: fields.text('颜色', { max: 10, list: false }),
    energyType: fields.enumOf(vehicleEnums.energyType, { required: true, filter: 'eq' }),
    seats: fields.integer('座位数', { min: 2, max: 60, list: false }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    companyId: fields.ref('所属公司', 'company', { required: true, filter: 'eq' }),
    registrationDate: fields.date('注册日期', { filter: 'range', sortable: true, list: false }),
    purchasePrice: fields.money('采购价（分）', { list: false }),
    mileage: fields.integer('里程（公里）', { max: 3_000_000, sortable: true }),
    gpsDeviceNo: fields.text('GPS设备号', { max: 30, list: false }),
    gpsLastSeenAt: fields.datetime('GPS最后定位时间', { form: false, list: false }),
    drivingLicenseIssueDate: fields.date('行驶证发证日期', { list: false }),
    operationCertificateNo: fields.text('运输证号', { max: 30, list: false }),
    operationCertificateExpiry: fields.date('运输证有效期至', { list: false, filter: 'range', sortable: true }),
    compulsoryInsurer: fields.text('交强险保险公司', { max: 50, list: false }),
    compulsoryPolicyNo: fields.text('交强险保单号', { max: 50, list: false }),
    compulsoryStart: fields.date('交强险起保日期', { list: false }),
    compulsoryEnd: fields.date('交强险到期日期', { list: false, filter: 'range', sortable: true }),
    commercialInsurer: fields.text('商业险保险公司', { max: 50, list: false }),
    commercialPolicyNo: fields.text('商业险保单号', { max: 50, list: false }),
    commercialStart: fields.date('商业险起保日期', { list: false }),
    commercialEnd: fields.date('商业险到期日期', { list: false, filter: 'range', sortable: true }),
    nextInspectionDate: fields.date('下次年检日期', { filter: 'range', sortable: true }),
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
    labels: fields.tags('标签'),
    attachments: fields.files('附件'),
    remark: fields.text('备注', { max: 500, list: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
});
