import { surveyFields, taxBasis } from '../competitors/survey';
import { defineEnum, type EnumDef } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** What kind of workshop a competitor shop is. */
export const shopType = defineEnum('门店类型', [
  [1, '4S店'],
  [2, '连锁快修'],
  [3, '独立维修厂'],
]);

/** Where we stand with a shop as a possible partner for our fleet's servicing. */
export const shopPartnership = defineEnum(
  '合作状态',
  [
    [1, '待跟进'],
    [2, '跟进中'],
    [3, '已签约'],
    [4, '已结束'],
  ],
  { status: true },
);

/** 新能源 service items: no engine oil — the 三电 checks, coolant and reduction-gear oil every ~2 years / 40,000 km. */
export const newEnergyServiceItem = defineEnum('新能源保养项目', [
  [1, '小保养'],
  [2, '三电系统检测'],
  [3, '冷却液更换'],
  [4, '减速器齿轮油更换'],
  [5, '制动液更换'],
  [6, '空调滤芯更换'],
  [7, '四轮定位'],
]);

/** 燃油车 service items: every ~5,000 km or 6 months — oil, the three filters, spark plugs. */
export const fuelServiceItem = defineEnum('燃油车保养项目', [
  [1, '小保养'],
  [2, '大保养'],
  [3, '机油机滤更换'],
  [4, '三滤更换'],
  [5, '火花塞更换'],
  [6, '变速箱油更换'],
  [7, '制动液更换'],
]);

interface EnergySpec {
  /** The catalogue page (新能源 or 燃油车). */
  page: string;
  /** Resource keys and address segments: `newEnergy` / `new-energy`. */
  key: string;
  path: string;
  /** What the pages call the energy: 新能源 / 燃油车. */
  name: string;
  items: EnumDef<number>;
}

/**
 * The shops of one energy type's page and their price lists: 维保竞品 surveys service for electric and for
 * fuel cars apart, each with its own catalogue of items, so a shop surveyed for both is a row on each page.
 * A shop (name and city) is on a page once; a shop with prices is not deleted.
 */
function maintenanceFamily({ page, key, path, name, items }: EnergySpec) {
  const shop = defineResource({
    key: `${key}Shop`,
    title: `${name}维保门店`,
    page,
    endpoint: `/api/maintenance-competitors/${path}/shops`,
    identity: 'name',
    defaultSort: { field: 'surveyDate', order: 'desc' },
    fields: {
      name: fields.text('门店名称', { required: true, max: 50, filter: 'like' }),
      shopType: fields.enumOf(shopType, { required: true, filter: 'eq' }),
      cityId: fields.ref('城市', 'city', { required: true, filter: 'eq', createOnly: true }),
      address: fields.text('地址', { required: true, max: 100, list: false }),
      brands: fields.text('主修品牌', { max: 100, hint: '如：比亚迪、埃安、特斯拉' }),
      labourRate: fields.money('工时单价', { sortable: true, hint: '每工时收费' }),
      warranty: fields.text('质保承诺', { max: 100, hint: '如：保养后3个月或5000公里' }),
      partnership: fields.enumOf(shopPartnership, { required: true, filter: 'eq' }),
      ...surveyFields,
      remark: fields.text('备注', { max: 500, list: false }),
      createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
    },
  });
  const price = defineResource({
    key: `${key}Price`,
    title: `${name}保养价目`,
    page,
    endpoint: `/api/maintenance-competitors/${path}/prices`,
    identity: 'model',
    defaultSort: { field: 'surveyDate', order: 'desc' },
    fields: {
      model: fields.text('适用车型', { required: true, max: 50, filter: 'like' }),
      shopId: fields.ref('维保门店', `${key}Shop`, { required: true, filter: 'eq' }),
      serviceItem: fields.enumOf(items, { title: '保养项目', required: true, filter: 'eq' }),
      price: fields.money('价格', { required: true, positive: true, sortable: true, hint: '含工时费的项目总价' }),
      taxBasis: fields.enumOf(taxBasis, { required: true, filter: 'eq' }),
      intervalKm: fields.integer('保养间隔（公里）', { max: 200_000 }),
      intervalMonths: fields.integer('保养间隔（月）', { max: 120 }),
      ...surveyFields,
      createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
    },
  });
  const screens = {
    shops: defineScreen(shop, { route: page, title: '维保门店', key: ['cityId', 'shopType', 'partnership'] }),
    prices: defineScreen(price, {
      route: `${page}.type`,
      params: { type: 'prices' },
      title: '保养价目',
      key: ['serviceItem', 'shopId', 'price'],
    }),
  };
  return { shop, price, screens };
}

export const newEnergyMaintenance = maintenanceFamily({
  page: 'maintenance-competition-management.new-energy',
  key: 'newEnergy',
  path: 'new-energy',
  name: '新能源',
  items: newEnergyServiceItem,
});

export const fuelMaintenance = maintenanceFamily({
  page: 'maintenance-competition-management.oil-trucks',
  key: 'fuel',
  path: 'fuel',
  name: '燃油车',
  items: fuelServiceItem,
});
