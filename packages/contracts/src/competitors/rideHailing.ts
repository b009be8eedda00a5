import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { vehicleEnums } from '../vehicles/enums';
import { businessMode } from './companies';
import { linkProblem, rentPeriod, surveyFields, taxBasis } from './survey';

const page = 'cp-competition-management.ride-hailing-info';

/**
 * 车型报价 (网约车信息): what a competitor asks for a car model. A rent is entered per day, week or month as
 * quoted, kept with its period, and also as 折合月租 (day × 30, week × 30 / 7): the figure lists show and sort
 * by, so offers quoted differently compare. Its city is its company's.
 */
export const competitorCarResource = defineResource({
  key: 'competitorCar',
  title: '车型报价',
  page,
  endpoint: '/api/competitor/cars',
  identity: 'model',
  defaultSort: { field: 'monthlyRent', order: 'asc' },
  fields: {
    model: fields.text('车型', { required: true, max: 50, filter: 'like', hint: '如：比亚迪秦PLUS EV 2023款' }),
    companyId: fields.ref('竞品公司', 'competitorCompany', { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    energyType: fields.enumOf(vehicleEnums.energyType, { required: true, filter: 'eq' }),
    businessMode: fields.enumOf(businessMode, { required: true, filter: 'eq' }),
    rentAmount: fields.money('报价租金', { required: true, positive: true, hint: '按报价周期填写' }),
    rentPeriod: fields.enumOf(rentPeriod, { required: true }),
    monthlyRent: fields.money('折合月租', { form: false, sortable: true }),
    taxBasis: fields.enumOf(taxBasis, { required: true, filter: 'eq' }),
    deposit: fields.money('押金'),
    termMonths: fields.integer('最短租期（月）', { min: 1, max: 120 }),
    ...surveyFields,
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** What a city's notice does to the market: a warning, a stop to new transport permits, or their restart. */
export const warningType = defineEnum('预警类型', [
  [1, '风险提示'],
  [2, '暂停受理运输证'],
  [3, '恢复受理'],
]);

/**
 * 政策预警 (网约车信息 → /warnings): a city's published notice on its ride-hailing market — saturation
 * warnings, permits stopped or restarted — with who issued it, when, from when it applies, and its link.
 */
export const competitorWarningResource = defineResource({
  key: 'competitorWarning',
  title: '政策预警',
  page,
  endpoint: '/api/competitor/warnings',
  identity: 'title',
  defaultSort: { field: 'issuedOn', order: 'desc' },
  checks: [check.notBefore('effectiveOn', 'issuedOn', '不能早于发布日期')],
  fields: {
    title: fields.text('预警标题', { required: true, max: 60, filter: 'like' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    warningType: fields.enumOf(warningType, { required: true, filter: 'eq' }),
    issuer: fields.text('发布机构', { required: true, max: 50, hint: '如：苏州市交通运输局' }),
    issuedOn: fields.date('发布日期', { required: true, notAfterToday: true, filter: 'range', sortable: true }),
    effectiveOn: fields.date('生效日期', { sortable: true }),
    summary: fields.text('内容摘要', { required: true, max: 500, list: false }),
    sourceUrl: fields.text('来源链接', {
      required: true,
      max: 300,
      list: false,
      check: linkProblem,
      import: { example: 'https://jtj.suzhou.gov.cn/notice/2023-08-10' },
    }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const competitorCarScreens = {
  cars: defineScreen(competitorCarResource, {
    route: page,
    title: '车型报价',
    key: ['companyId', 'monthlyRent', 'taxBasis'],
    filters: ['cityId', 'companyId', 'model', 'energyType', 'businessMode', 'taxBasis', 'surveyDate'],
  }),
};

export const competitorWarningScreens = {
  warnings: defineScreen(competitorWarningResource, {
    route: `${page}.type`,
    params: { type: 'warnings' },
    title: '政策预警',
    key: ['cityId', 'warningType', 'issuedOn'],
  }),
};
