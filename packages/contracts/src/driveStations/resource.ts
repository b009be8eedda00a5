import { defineEnum, enabledStatus } from '../enums';
import { type Check, check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** Who runs a station: the company itself, a partner (a charging operator, a fleet), or a government 司机之家. */
export const stationType = defineEnum('驿站类型', [
  [1, '自建'],
  [2, '合作'],
  [3, '政府'],
]);

/** What a station offers drivers, as the stations advertise it (DOMAIN-2 §1): a fixed list, never free text. */
export const stationAmenity = defineEnum('驿站设施', [
  [1, '空调休息区'],
  [2, '饮用热水'],
  [3, '微波炉'],
  [4, '卫生间'],
  [5, '淋浴'],
  [6, '洗衣'],
  [7, 'Wi-Fi'],
  [8, '充电桩'],
  [9, '女性休息室'],
  [10, '住宿床位'],
  [11, '停车位'],
  [12, '24小时值守'],
  [13, '政策咨询'],
  [14, '学习角'],
]);

/**
 * The coordinate system a point is given in: Amap and Tencent use GCJ-02, GPS chips WGS-84, Baidu BD-09.
 * Stations are stored in GCJ-02 (the app's map); a point given in another is converted once, on the server.
 */
export const coordinateSystem = defineEnum('坐标系', [
  [1, 'GCJ-02（高德/腾讯）'],
  [2, 'WGS-84（GPS）'],
  [3, 'BD-09（百度）'],
]);

const decimal = (min: number, max: number, what: string) => (value: string) => {
  if (!/^-?\d{1,3}(\.\d{1,8})?$/.test(value))
    return `应为${what}的十进制度数，最多8位小数，如${min < -90 ? '116.397428' : '39.909230'}`;
  const degrees = Number(value);
  return degrees < min || degrees > max ? `应在${min}到${max}之间` : null;
};

const range = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/;

/** `08:00-12:00,14:00-22:00`: one or more ranges of a day, each starting before it ends, in order. */
export function openingHoursProblem(value: string): string | null {
  const ranges = value.split(/[,，]/).map((part) => part.trim());
  if (ranges.some((part) => !range.test(part) || part.endsWith('24:01')))
    return '应为“08:00-22:00”的时间段，多段用逗号分隔';
  let last = '';
  for (const part of ranges) {
    const [from = '', to = ''] = part.split('-');
    if (to <= from) return `时间段${part}的结束应晚于开始`;
    if (from < last) return '时间段应按时间先后填写且不能重叠';
    last = to;
  }
  return null;
}

/** Opening hours are asked for unless the site is open all day: a check of every resource spreading `siteFields`. */
export const hoursWhenNotAllDay: Check<'openingHours' | 'allDay'> = check.requiredWhen(
  'openingHours',
  { field: 'allDay', values: [false] },
  '不是24小时营业时请填写营业时间',
);

/**
 * Where a site is and what it offers, as 司机驿站 and 车站管理 (the app's map of company sites) both keep it: a
 * point typed in any of the three coordinate systems (stored in GCJ-02 by the server), opening hours or 24小时,
 * contact phone and person, and the amenities as a multi-select of one enumeration — with the amenity filter.
 */
export const siteFields = {
  coordinateSystem: fields.enumOf(coordinateSystem, {
    required: true,
    list: false,
    hint: '所填经纬度的坐标系，保存时统一转换为GCJ-02',
  }),
  longitude: fields.text('经度', {
    ...{ required: true, max: 13, list: false, check: decimal(-180, 180, '经度') },
    import: { example: '116.397428' },
  }),
  latitude: fields.text('纬度', {
    ...{ required: true, max: 12, list: false, check: decimal(-90, 90, '纬度') },
    import: { example: '39.909230' },
  }),
  sourcePoint: fields.text('录入坐标', { form: false, list: false, max: 80 }),
  allDay: fields.boolean('24小时营业', { required: true }),
  openingHours: fields.text('营业时间', {
    max: 100,
    hint: '如08:00-12:00,14:00-22:00；24小时营业时不填',
    check: openingHoursProblem,
  }),
  phone: fields.text('联系电话', {
    max: 20,
    list: false,
    check: (value) => (/^[0-9-]{7,20}$/.test(value) ? null : '应为数字或短横线，如010-84561234'),
  }),
  contactName: fields.text('联系人', { max: 20, list: false }),
  amenities: fields.enumsOf(stationAmenity, { title: '设施' }),
  amenity: fields.enumOf(stationAmenity, {
    title: '包含设施',
    form: false,
    list: false,
    detail: false,
    export: false,
    filter: 'eq',
  }),
};

export const driveStationLifecycle = defineLifecycle({
  field: 'status',
  states: enabledStatus,
  transitions: [
    {
      action: 'enable',
      from: [0],
      to: 1,
      button: 'driveStation:enable',
      confirm: '启用后驿站重新在APP地图上展示（展示开关打开时）。',
    },
    {
      action: 'disable',
      from: [1],
      to: 0,
      button: 'driveStation:disable',
      confirm: '停用后驿站不再在APP上展示，也不能再被选为提车地点；已有记录不受影响。',
    },
  ],
});

/**
 * 司机驿站: rest stops for ride-hailing and taxi drivers, where they rest, charge and pick up their car. A point
 * is kept in GCJ-02 whatever it was typed in (`sourcePoint` keeps what was typed when it was converted). The same
 * site twice — the same name in one city, or a point within 50 m of another station — is refused. A station
 * that 上车计划 name as their pickup site is disabled, never deleted.
 */
export const driveStationResource = defineResource({
  key: 'driveStation',
  title: '驿站',
  page: 'driveStation',
  endpoint: '/api/drive-stations',
  identity: 'name',
  lifecycle: driveStationLifecycle,
  defaultSort: { field: 'displayOrder', order: 'asc' },
  checks: [hoursWhenNotAllDay],
  fields: {
    name: fields.text('驿站名称', { required: true, max: 50, filter: 'like' }),
    type: fields.enumOf(stationType, { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    district: fields.text('区县', { required: true, max: 20, hint: '如朝阳区' }),
    address: fields.text('详细地址', { required: true, max: 200 }),
    ...siteFields,
    chargerCount: fields.integer('充电桩数量', { max: 999, list: false }),
    chargerPowerKw: fields.integer('单桩功率（kW）', { max: 1000, list: false }),
    electricityPrice: fields.money('电费（每度）', { list: false }),
    serviceFee: fields.money('服务费（每度）', { list: false }),
    cover: fields.files('封面图', { max: 1, accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 5 }),
    introduction: fields.text('驿站介绍', { max: 2000, list: false }),
    displayOrder: fields.integer('排序', { required: true, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    shownInApp: fields.boolean('APP展示', { required: true }),
    status: fields.enumOf(enabledStatus, { form: false, filter: 'eq' }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const driveStationScreens = {
  driveStation: defineScreen(driveStationResource, {
    route: 'driveStation',
    filters: ['name', 'cityId', 'type', 'status', 'amenity'],
    columns: [
      'name',
      'type',
      'cityId',
      'district',
      'address',
      'allDay',
      'openingHours',
      'displayOrder',
      'shownInApp',
      'status',
      'createdAt',
    ],
    actions: ['enable', 'disable'],
  }),
};
