import { driverScreens, rideHailingDriverResource, taxiDriverResource, vehicleRecordScreens } from '@cp/contracts';
import { Typography } from 'antd';
import { AccountTab } from '../finance/account/AccountTab';
import { type DetailTab, defineFamily, type RelatedSpec } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { driverGroups } from './groups';

/**
 * What a driver has and did: their 租赁订单 and 账单, then the vehicles handed to them (正式 and 临时), their
 * returns and violations.
 */
const driverRecords = (): RelatedSpec[] => [
  { screen: 'leaseOrder', via: 'driverId' },
  { screen: 'billList', via: 'driverId' },
  ...Object.values(vehicleRecordScreens)
    .filter((screen) => (screen.filters as readonly string[]).includes('driverId'))
    .map((screen) => ({ screen: screen.key, via: 'driverId' })),
];

/** 账户: what the driver's account comes to, and 查看账户 (坏账管理's page, for those who may open it). */
const detailTabs: readonly DetailTab[] = [{ key: 'account', title: '账户', route: 'lookaccount', render: AccountTab }];

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
  detailTabs,
  // Saving a driver from a lead activates the lead (激活 → 去新增).
  refreshes: ['lead'],
});

/** 出租车司机: the same, with the taxi company and the 从业资格证. */
export const taxiDriverFamily = defineFamily({
  resource: taxiDriverResource,
  screens: { taxiDriver: driverScreens.taxiDriver },
  routes: { detail: 'taxiDriverDetails', add: 'taxiDriverAdd', edit: 'taxiDriverEdit' },
  groups: driverGroups(true),
  subtitle,
  related: driverRecords,
  detailTabs,
  // Saving a driver from a lead activates the lead (激活 → 去新增).
  refreshes: ['lead'],
});

export const { families, keys, page, prefetch } = familyModule([rideHailingDriverFamily, taxiDriverFamily]);
