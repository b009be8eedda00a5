import {
  bSideCustomerResource,
  bSideCustomerScreens,
  distributorResource,
  governmentCustomerResource,
  personalCustomerResource,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

const company = { title: '企业信息', fields: ['name', 'creditCode', 'legalRepresentative', 'cityId', 'address'] };
const contact = { title: '联系方式', fields: ['contactName', 'mobile'] };
const documents = { title: '证照与备注', fields: ['businessLicence', 'remark'] };

/** 政企客户: made and edited from 线索明细 (新增政企客户 / 编辑政企客户); no list of its own yet. */
export const governmentCustomerFamily = defineFamily({
  resource: governmentCustomerResource,
  screens: {},
  routes: { add: 'governmentCustomerAdd', edit: 'governmentCustomerEdit' },
  groups: [company, contact, documents],
});

export const distributorFamily = defineFamily({
  resource: distributorResource,
  screens: {},
  routes: { add: 'distributorAdd', edit: 'distributorEdit' },
  groups: [company, contact, { title: '分销约定', fields: ['commissionRate', 'region'] }, documents],
});

export const personalCustomerFamily = defineFamily({
  resource: personalCustomerResource,
  screens: {},
  routes: { add: 'personalCustomerAdd', edit: 'personalCustomerEdit' },
  groups: [
    { title: '基本信息', fields: ['name', 'mobile', 'idNumber', 'cityId', 'address'] },
    { title: '证件与备注', fields: ['idDocuments', 'remark'] },
  ],
});

/** B端 客户管理: every kind in one list with its terms; 新增 in a drawer (the kind chosen first), 编辑客户 a page. */
const bSideCustomerFamily = defineFamily({
  resource: bSideCustomerResource,
  screens: bSideCustomerScreens,
  routes: { edit: 'customerManageEdit' },
  groups: [
    {
      title: '客户信息',
      fields: ['kind', 'name', 'cityId', 'creditCode', 'legalRepresentative', 'idNumber', 'commissionRate', 'region'],
    },
    { title: '联系方式', fields: ['contactName', 'mobile'] },
    {
      title: '结算与授信',
      fields: ['settlementMode', 'billingDay', 'paymentDays', 'creditLimit', 'cooperationStatus'],
    },
    { title: '开票信息', fields: ['invoiceTitle', 'taxNumber', 'invoiceAddressPhone', 'invoiceBankAccount'] },
    { title: '对账', fields: ['reconciliationContact', 'reconciliationMobile', 'remark'] },
  ],
});

export const { families, keys, page, prefetch } = familyModule([
  governmentCustomerFamily,
  distributorFamily,
  personalCustomerFamily,
  bSideCustomerFamily,
]);
