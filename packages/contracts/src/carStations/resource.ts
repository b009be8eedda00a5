import { hoursWhenNotAllDay, siteFields } from '../driveStations/resource';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** The company sites the app's map shows. */
export const carStationKind = defineEnum('站点类型', [
  [1, '门店'],
  [2, '交车点'],
  [3, '还车点'],
  [4, '维修点'],
  [5, '充电站'],
  [6, '司机驿站'],
]);

/**
 * 车站管理: the company's sites on the drivers' app map (stores, handover and return points, repair shops,
 * charging sites). Located, opened and equipped as 司机驿站 are (`siteFields`: a point typed in any coordinate
 * system is kept in GCJ-02); a site hidden from the app (APP展示 off) stays listed here. The app asks for the
 * shown sites near a point, nearest first.
 */
export const carStationResource = defineResource({
  key: 'carStation',
  title: '车站',
  page: 'carStationIndex',
  endpoint: '/api/car-stations',
  identity: 'name',
  defaultSort: { field: 'displayOrder', order: 'asc' },
  checks: [hoursWhenNotAllDay],
  fields: {
    name: fields.text('站点名称', { required: true, max: 50, filter: 'like' }),
    kind: fields.enumOf(carStationKind, { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    district: fields.text('区县', { required: true, max: 20, hint: '如朝阳区' }),
    address: fields.text('详细地址', { required: true, max: 200 }),
    ...siteFields,
    displayOrder: fields.integer('排序', { required: true, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    shownInApp: fields.boolean('APP展示', { required: true, filter: 'eq' }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const carStationScreens = {
  carStationIndex: defineScreen(carStationResource, {
    route: 'carStationIndex',
    filters: ['name', 'cityId', 'kind', 'amenity', 'shownInApp'],
    columns: [
      'name',
      'kind',
      'cityId',
      'district',
      'address',
      'allDay',
      'openingHours',
      'amenities',
      'displayOrder',
      'shownInApp',
    ],
  }),
};
