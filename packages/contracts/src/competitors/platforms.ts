import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { surveyFields } from './survey';

const page = 'cp-competition-management.platform-info';

/** A platform taking orders itself, or an aggregator passing them on to partner platforms (高德). */
export const platformMode = defineEnum('平台类型', [
  [1, '自营'],
  [2, '聚合'],
]);

/**
 * 平台信息: a ride-hailing platform our drivers can work on — its commission cap and the rate drivers were
 * really charged, its 订单合规率 (MOT's monthly ranking), incentives and entry rules. Rates are basis points
 * (27% = 2700) shown as percentages. An aggregator also has its partner platforms and the cap they keep to.
 */
export const competitorPlatformResource = defineResource({
  key: 'competitorPlatform',
  title: '网约车平台',
  page,
  endpoint: '/api/competitor/platforms',
  identity: 'name',
  defaultSort: { field: 'surveyDate', order: 'desc' },
  fields: {
    name: fields.text('平台名称', { required: true, max: 30, filter: 'like', unique: true }),
    mode: fields.enumOf(platformMode, { required: true, filter: 'eq' }),
    cities: fields.text('覆盖城市', {
      required: true,
      max: 200,
      filter: 'like',
      hint: '如：全国300余城；或北京、上海',
    }),
    commissionCap: fields.percent('抽成上限', { required: true, sortable: true }),
    observedRate: fields.percent('实测抽成', { sortable: true, hint: '抽查订单的平均抽成比例' }),
    complianceRate: fields.percent('订单合规率', { sortable: true, hint: '交通运输部月度通报' }),
    partnerCount: fields.integer('合作平台数', { max: 10_000, hint: '聚合平台填写' }),
    partnerCap: fields.percent('合作平台抽成上限', { hint: '聚合平台对合作平台的抽成要求' }),
    incentives: fields.text('司机激励', { max: 300, list: false }),
    entryRules: fields.text('准入要求', { max: 300, list: false }),
    ...surveyFields,
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const competitorPlatformScreens = {
  platforms: defineScreen(competitorPlatformResource, {
    route: page,
    title: '全部平台',
    key: ['mode', 'commissionCap', 'observedRate'],
    columns: ['cities', 'complianceRate', 'surveyDate', 'source', 'createdAt'],
  }),
  /** 聚合平台 (平台信息 → /aggregators): the aggregators, by their partners and the cap those keep to. */
  aggregators: defineScreen(competitorPlatformResource, {
    route: `${page}.type`,
    params: { type: 'aggregators' },
    title: '聚合平台',
    fixed: { mode: '2' },
    key: ['partnerCount', 'partnerCap', 'commissionCap'],
    columns: ['observedRate', 'complianceRate', 'cities', 'surveyDate', 'source'],
  }),
};
