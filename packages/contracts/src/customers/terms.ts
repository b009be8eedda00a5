import { nationalIdProblem } from '../drivers/identifiers';
import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { creditCodeProblem } from './creditCode';
import { customerKind } from './resource';

/** How a B端 customer's rent is settled by default: the period its bill covers. */
export const settlementMode = defineEnum('结算方式', [
  [1, '月结'],
  [2, '季结'],
  [3, '半年结'],
  [4, '年结'],
  [5, '预付'],
]);

/** Whether the branch company still does business with the customer: new fleet orders need 合作中. */
export const cooperationStatus = defineEnum(
  '客户合作状态',
  [
    [1, '合作中'],
    [2, '暂停合作'],
    [3, '终止合作'],
  ],
  { status: true },
);
export const cooperationStates = { active: 1, paused: 2, ended: 3 } as const;

const companies = { field: 'kind', values: [1, 2] } as const;

/**
 * B端 客户管理: the customers of all three kinds in one list, with the commercial terms their fleet orders start
 * from. 新增 makes a customer of the kind chosen; 编辑客户 changes the terms and contacts (who the customer is —
 * kind, name, codes — is changed on the kind's own pages).
 */
export const bSideCustomerResource = defineResource({
  key: 'bSideCustomer',
  title: 'B端客户',
  page: 'customerManage',
  endpoint: '/api/b-side/customers',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    kind: fields.enumOf(customerKind, { required: true, filter: 'eq', createOnly: true }),
    name: fields.text('客户名称', { required: true, max: 60, filter: 'like', createOnly: true }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq', createOnly: true }),
    creditCode: fields.text('统一社会信用代码', {
      max: 18,
      check: creditCodeProblem,
      createOnly: true,
      list: false,
      hint: '政企客户、分销商填写，18位',
      unique: true,
      import: { example: '91110108MA0000001D' },
    }),
    legalRepresentative: fields.text('法定代表人', { max: 30, createOnly: true, list: false }),
    commissionRate: fields.integer('佣金比例（万分之）', { max: 10_000, createOnly: true, list: false }),
    region: fields.text('代理区域', { max: 60, createOnly: true, list: false }),
    idNumber: fields.text('身份证号', {
      max: 18,
      check: (value: string) => nationalIdProblem(value),
      sensitive: 'idCard',
      createOnly: true,
      list: false,
      hint: '个人客户填写',
      unique: true,
      import: { example: '110105198001010032' },
    }),
    contactName: fields.text('联系人', { max: 30 }),
    mobile: fields.mobile('联系电话', { required: true, import: { example: '13800138000' } }),
    settlementMode: fields.enumOf(settlementMode, { required: true, filter: 'eq' }),
    billingDay: fields.integer('账单日', { required: true, min: 1, max: 28, hint: '每期账单在该日出具，1到28' }),
    paymentDays: fields.integer('付款账期（天）', { required: true, max: 180, hint: '出账后几天内付款' }),
    creditLimit: fields.money('授信额度', { required: true, hint: '未结清的租金与费用合计不超过该额度' }),
    invoiceTitle: fields.text('发票抬头', { max: 100, list: false }),
    taxNumber: fields.text('纳税人识别号', { max: 20, list: false }),
    invoiceAddressPhone: fields.text('地址电话', { max: 200, list: false }),
    invoiceBankAccount: fields.text('开户行及账号', { max: 200, list: false }),
    reconciliationContact: fields.text('对账联系人', { max: 30 }),
    reconciliationMobile: fields.mobile('对账联系电话', { list: false, import: { example: '13800138000' } }),
    cooperationStatus: fields.enumOf(cooperationStatus, { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
  checks: [
    check.requiredWhen('creditCode', companies, '政企客户、分销商必填'),
    check.requiredWhen('legalRepresentative', companies, '政企客户、分销商必填'),
    check.requiredWhen('contactName', companies, '政企客户、分销商必填'),
    check.requiredWhen('commissionRate', { field: 'kind', values: [2] }, '分销商必填'),
    check.requiredWhen('region', { field: 'kind', values: [2] }, '分销商必填'),
    check.requiredWhen('idNumber', { field: 'kind', values: [3] }, '个人客户必填'),
  ],
});

export const bSideCustomerScreens = {
  customerManage: defineScreen(bSideCustomerResource, {
    route: 'customerManage',
    key: ['name', 'kind', 'cooperationStatus'],
    columns: ['cityId', 'settlementMode', 'billingDay', 'paymentDays', 'creditLimit', 'contactName', 'mobile'],
    filters: ['kind', 'cityId', 'name', 'cooperationStatus', 'settlementMode'],
  }),
};
