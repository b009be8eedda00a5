import { nationalIdProblem } from '../drivers/identifiers';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { creditCodeProblem } from './creditCode';

/** The three kinds of B端 customer, kept in one table (docs/DOMAIN_DECISIONS.md says why). */
export const customerKind = defineEnum('客户类型', [
  [1, '政企客户'],
  [2, '分销商'],
  [3, '个人客户'],
]);

const company = {
  name: fields.text('企业名称', { required: true, max: 60, import: { example: '北京顺达汽车租赁有限公司' } }),
  creditCode: fields.text('统一社会信用代码', {
    required: true,
    max: 18,
    check: creditCodeProblem,
    unique: true,
    hint: '18位，见营业执照',
    import: { example: '91110108MA0000000A' },
  }),
  legalRepresentative: fields.text('法定代表人', { required: true, max: 30 }),
  contactName: fields.text('联系人', { required: true, max: 30 }),
  mobile: fields.mobile('联系电话', {
    required: true,
    import: { example: '13800138000' },
  }),
  cityId: fields.ref('城市', 'city', { required: true }),
  address: fields.text('地址', { max: 200 }),
  businessLicence: fields.files('营业执照', { max: 5 }),
  remark: fields.text('备注', { max: 200 }),
};

const forms = (name: string) => ({ page: 'threadDeatails', forms: { add: `${name}Add`, edit: `${name}Edit` } });

/** 政企客户: a company or public body leasing a fleet. */
export const governmentCustomerResource = defineResource({
  key: 'governmentCustomer',
  title: '政企客户',
  ...forms('governmentCustomer'),
  endpoint: '/api/customers/government',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: { ...company, createdAt: fields.datetime('创建时间', { form: false }) },
});

/** 分销商: a company reselling leases, paid a commission on them (in basis points: 350 = 3.50%). */
export const distributorResource = defineResource({
  key: 'distributor',
  title: '分销商',
  ...forms('distributor'),
  endpoint: '/api/customers/distributors',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    ...company,
    commissionRate: fields.integer('佣金比例（万分之）', {
      required: true,
      max: 10_000,
      hint: '以万分之一为单位，如 350 表示 3.50%',
    }),
    region: fields.text('代理区域', { required: true, max: 60, hint: '如：华北大区、京津冀' }),
    createdAt: fields.datetime('创建时间', { form: false }),
  },
});

/** 个人客户: a person leasing on their own account (a driver without the driver's licences). */
export const personalCustomerResource = defineResource({
  key: 'personalCustomer',
  title: '个人客户',
  ...forms('personalCustomer'),
  endpoint: '/api/customers/personal',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('姓名', { required: true, max: 30 }),
    mobile: fields.mobile('手机号', {
      required: true,
      import: { example: '13800138000' },
    }),
    idNumber: fields.text('身份证号', {
      required: true,
      max: 18,
      check: (value: string) => nationalIdProblem(value),
      sensitive: 'idCard',
      unique: true,
      import: { example: '11010519491231002X' },
    }),
    cityId: fields.ref('城市', 'city', { required: true }),
    address: fields.text('地址', { max: 200 }),
    idDocuments: fields.files('身份证照片', { max: 2, hint: '人像面与国徽面' }),
    remark: fields.text('备注', { max: 200 }),
    createdAt: fields.datetime('创建时间', { form: false }),
  },
});
