import { distributorResource, governmentCustomerResource, personalCustomerResource } from '@cp/contracts';
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

export const { families, keys, page, prefetch } = familyModule([
  governmentCustomerFamily,
  distributorFamily,
  personalCustomerFamily,
]);
