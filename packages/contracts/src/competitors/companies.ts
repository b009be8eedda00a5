import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { surveyFields, taxBasis } from './survey';

const page = 'cp-competition-management.cp-company-info';

/**
 * 公司信息: a leasing competitor in one city — the same name in another city is another row (a branch), the
 * same name and city twice is refused. Its fleet and the platforms it serves, as surveyed.
 */
export const competitorCompanyResource = defineResource({
  key: 'competitorCompany',
  title: '竞品公司',
  page,
  endpoint: '/api/competitor/companies',
  identity: 'name',
  defaultSort: { field: 'surveyDate', order: 'desc' },
  fields: {
    name: fields.text('公司名称', { required: true, max: 50, filter: 'like' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq', createOnly: true }),
    fleetSize: fields.integer('车队规模（辆）', { max: 1_000_000, sortable: true }),
    platforms: fields.text('服务平台', { max: 100, hint: '如：滴滴、T3出行、高德聚合' }),
    address: fields.text('门店地址', { max: 100, list: false }),
    ...surveyFields,
    remark: fields.text('备注', { max: 500, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** How a competitor runs a driver's car: the business a scheme is. */
export const businessMode = defineEnum('业务类型', [
  [1, '纯租'],
  [2, '以租代购'],
  [3, '车辆挂靠'],
]);

/**
 * 业务方案 (公司信息 → /business): a competitor's scheme for drivers — its terms, deposit and down payment,
 * mileage limit and what it gives away (rent-free days, cash back). Its city is its company's.
 */
export const competitorBusinessResource = defineResource({
  key: 'competitorBusiness',
  title: '业务方案',
  page,
  endpoint: '/api/competitor/businesses',
  identity: 'name',
  defaultSort: { field: 'surveyDate', order: 'desc' },
  fields: {
    name: fields.text('方案名称', { required: true, max: 50, filter: 'like' }),
    companyId: fields.ref('竞品公司', 'competitorCompany', { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    businessMode: fields.enumOf(businessMode, { required: true, filter: 'eq' }),
    termMonths: fields.integer('租期（月）', { required: true, min: 1, max: 120, sortable: true }),
    deposit: fields.money('押金', { sortable: true }),
    downPayment: fields.money('首付款'),
    taxBasis: fields.enumOf(taxBasis, { required: true }),
    mileageLimit: fields.integer('月里程上限（公里）', { max: 100_000, hint: '不限里程不填' }),
    rentFreeDays: fields.integer('免租天数', { max: 365 }),
    cashBack: fields.money('返现'),
    incentives: fields.text('其他条件', { max: 300, list: false, hint: '如：满一年过户、保险包含、违约金' }),
    ...surveyFields,
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const competitorCompanyScreens = {
  companies: defineScreen(competitorCompanyResource, { route: page, title: '竞品公司' }),
};

export const competitorBusinessScreens = {
  businesses: defineScreen(competitorBusinessResource, {
    route: `${page}.type`,
    params: { type: 'business' },
    title: '业务方案',
    key: ['companyId', 'businessMode', 'termMonths'],
  }),
};
