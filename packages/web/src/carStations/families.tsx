import { carStationResource, carStationScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 车站管理: a site's form in the list's drawer, laid out as 司机驿站's. */
const carStationFamily = defineFamily({
  resource: carStationResource,
  screens: carStationScreens,
  groups: [
    { title: '基本信息', fields: ['name', 'kind', 'cityId', 'district', 'address', 'phone', 'contactName'] },
    { title: '位置', fields: ['coordinateSystem', 'longitude', 'latitude', 'sourcePoint'] },
    { title: '营业与设施', fields: ['allDay', 'openingHours', 'amenities'] },
    { title: 'APP展示', fields: ['displayOrder', 'shownInApp', 'createdAt'] },
  ],
});

export const { families, keys, page, prefetch } = familyModule([carStationFamily]);
