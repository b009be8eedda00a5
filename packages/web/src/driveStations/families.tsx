import { driveStationResource, driveStationScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 司机驿站: 新增驿站 is a page of its own; an edit opens the same form in the list's drawer. */
const driveStationFamily = defineFamily({
  resource: driveStationResource,
  screens: driveStationScreens,
  routes: { add: 'driveStationAdd' },
  groups: [
    { title: '基本信息', fields: ['name', 'type', 'cityId', 'district', 'address', 'phone', 'contactName'] },
    { title: '位置', fields: ['coordinateSystem', 'longitude', 'latitude', 'sourcePoint'] },
    { title: '营业与设施', fields: ['allDay', 'openingHours', 'amenities'] },
    { title: '充电', fields: ['chargerCount', 'chargerPowerKw', 'electricityPrice', 'serviceFee'] },
    { title: 'APP展示', fields: ['cover', 'introduction', 'displayOrder', 'shownInApp', 'status', 'createdAt'] },
  ],
});

export const { families, keys, page, prefetch } = familyModule([driveStationFamily]);
