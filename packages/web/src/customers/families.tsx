import { driverScreens, rideHailingDriverResource, taxiDriverResource } from '@cp/contracts';
import { Typography } from 'antd';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { vehicleRecordFamilies } from '../vehicles/families';
import { driverGroups } from './groups';

/** What happened with a driver: the vehicles handed to them (正式 and 临时), their returns and violations. */
const driverRecords = () =>
  vehicleRecordFamilies.flatMap((family) =>
    Object.keys(family.screens)
      .filter((screen) => family.screens[screen]?.filters.includes('driverId'))
      .map((screen) => ({ family, screen, via: 'driverId' })),
  );

const subtitle = (driver: ResourceRecord) => (
  <Typography.Text type="secondary" copyable>
    {String(driver.mobile)}
  </Typography.Text>
);

/** 网约车司机: list, add / edit / detail pages, the review and the status steps. */
export const rideHailingDriverFamily = defineFamily({
  resource: rideHailingDriverResource,
  screens: { ridehailingDrivers: driverScreens.ridehailingDrivers },
  routes: { detail: 'ridehailingDriversDetails', add: 'ridehailingDriversAdd', edit: 'ridehailingDriversEdit' },
  groups: driverGroups(false),
  subtitle,
  related: driverRecords,
});

/** 出租车司机: the same, with the taxi company and the 从业资格证. */
export const taxiDriverFamily = defineFamily({
  resource: taxiDriverResource,
  screens: { taxiDriver: driverScreens.taxiDriver },
  routes: { detail: 'taxiDriverDetails', add: 'taxiDriverAdd', edit: 'taxiDriverEdit' },
  groups: driverGroups(true),
  subtitle,
  related: driverRecords,
});

export const { families, keys, page, prefetch } = familyModule([rideHailingDriverFamily, taxiDriverFamily]);
