import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { driverEnums } from './enums';
import { bankCardProblem, driverIdProblem } from './identifiers';
import { driverLifecycle } from './lifecycle';

const upper = (check: (value: string) => string | null) => (value: string) => check(value.toUpperCase());

/**
 * What every driver has, whichever kind: identity, contact, licence. Each kind's import example is another
 * person (a mobile and an ID are unique across both kinds).
 */
const personFields = (example: { name: string; mobile: string; nationalId: string }) => ({
  name: fields.text('姓名', {
    required: true,
    max: 30,
    filter: 'like',
    sortable: true,
    import: { example: example.name },
  }),
  mobile: fields.mobile('手机号', {
    required: true,
    unique: true,
    filter: 'like',
    import: { example: example.mobile },
  }),
  nationalId: fields.text('身份证号', {
    required: true,
    max: 18,
    check: upper(driverIdProblem),
    sensitive: 'idCard',
    unique: true,
    filter: 'eq',
    import: { example: example.nationalId, note: '18位，末位可为X；性别和出生日期由身份证号得出' },
  }),
  gender: fields.enumOf(driverEnums.gender, { form: false, filter: 'eq' }),
  birthDate: fields.date('出生日期', { form: false, list: false }),
  cityId: fields.ref('城市', 'city', { required: true, filter: 'eq', import: { example: '北京市', note: '城市名称' } }),
  address: fields.text('居住地址', { max: 100, list: false, import: { example: '朝阳区望京街道花家地北里3号楼' } }),
  licenseNo: fields.text('驾驶证号', {
    max: 18,
    list: false,
    sensitive: 'idCard',
    import: { note: '不填则与身份证号相同' },
  }),
  licenseClass: fields.enumOf(driverEnums.licenseClass, {
    required: true,
    list: false,
    import: { example: 'C1' },
  }),
  licenseFirstIssue: fields.date('驾驶证初次领证日期', { list: false, import: { example: '2012-05-20' } }),
  licenseExpiry: fields.date('驾驶证有效期至', {
    list: false,
    sortable: true,
    import: { example: '2032-05-20' },
  }),
});

/** The permit a kind of driver carries; the columns are shared, the titles are the permit's. */
const permitFields = (name: string) => ({
  permitNo: fields.text(`${name}号`, { max: 30, list: false, import: { example: '110000123456' } }),
  permitAuthority: fields.text('发证机关', { max: 50, list: false, import: { example: '北京市交通委员会' } }),
  permitExpiry: fields.date(`${name}有效期至`, { list: false, sortable: true, import: { example: '2029-12-31' } }),
});

const laterFields = {
  expiry: fields.enumOf(driverEnums.expiry, { form: false, filter: 'in', export: true }),
  emergencyName: fields.text('紧急联系人', { max: 30, list: false, import: { example: '李秀兰' } }),
  emergencyRelation: fields.enumOf(driverEnums.relation, { list: false, import: { example: '配偶' } }),
  emergencyMobile: fields.mobile('紧急联系人电话', { list: false, import: true }),
  bankName: fields.text('开户银行', { max: 50, list: false, import: { example: '中国工商银行' } }),
  bankCardNo: fields.text('扣款银行卡号', {
    max: 19,
    check: bankCardProblem,
    sensitive: 'bankCard',
    list: false,
    import: { example: '6222020200112233446' },
  }),
  bankCardHolder: fields.text('持卡人', { max: 30, list: false, import: { note: '通常为司机本人' } }),
  // A plain text until the channel lookup (渠道管理) exists.
  source: fields.text('来源渠道', { max: 50, filter: 'like', import: { example: '门店到访' } }),
  salespersonId: fields.ref('销售人员', 'user', { filter: 'eq', import: { note: '本分公司用户的姓名' } }),
  status: fields.enumOf(driverEnums.status, { form: false, filter: 'eq' }),
  statusReason: fields.text('状态说明', { form: false, list: false }),
  idCardPhotos: fields.files('身份证照片（正反面）', { max: 2 }),
  licensePhotos: fields.files('驾驶证照片', { max: 4 }),
  permitPhotos: fields.files('资格证照片', { max: 4 }),
  remark: fields.text('备注', { max: 500, list: false, import: true }),
  /** The lead this driver was made from (激活 → 去新增): saving the driver activates it, in the same transaction. */
  leadId: fields.integer('来源线索', {
    control: false,
    createOnly: true,
    list: false,
    detail: false,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
  }),
  createdAt: fields.datetime('登记时间', { form: false, sortable: true, list: false }),
  updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
};

const common = {
  identity: 'name',
  import: {
    key: ['nationalId'],
    maxRows: 2000,
    note: '身份证号已存在的行会跳过；手机号已被其他司机使用的行会列出。新导入的司机为待审核。',
  },
  defaultSort: { field: 'updatedAt', order: 'desc' },
} as const;

/** 网约车司机: the person, their 网络预约出租汽车驾驶员证, and the rest every driver has. */
export const rideHailingDriverResource = defineResource({
  key: 'rideHailingDriver',
  title: '网约车司机',
  page: 'ridehailingDrivers',
  endpoint: '/api/ride-hailing-drivers',
  lifecycle: driverLifecycle('ridehailingDrivers'),
  ...common,
  fields: {
    ...personFields({ name: '王建国', mobile: '13811112222', nationalId: '110105198507120319' }),
    ...permitFields('网约车驾驶员证'),
    ...laterFields,
  },
});

/** 出租车司机: the person, their 出租汽车驾驶员从业资格证, their taxi company, and the rest. */
export const taxiDriverResource = defineResource({
  key: 'taxiDriver',
  title: '出租车司机',
  page: 'taxiDriver',
  endpoint: '/api/taxi-drivers',
  lifecycle: driverLifecycle('taxiDriver'),
  ...common,
  fields: {
    ...personFields({ name: '李秀梅', mobile: '13922223333', nationalId: '310115199003050622' }),
    ...permitFields('从业资格证'),
    taxiCompany: fields.text('所属出租车公司', {
      max: 50,
      filter: 'like',
      import: { example: '北京银建出租汽车公司' },
    }),
    ...laterFields,
  },
});

export const driverResources = [rideHailingDriverResource, taxiDriverResource] as const;
