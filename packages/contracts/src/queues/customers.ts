import { driverScreens } from '../customers/screens';
import { defineQueues } from './queue';

/** Drivers waiting for 审核, and those whose licence or permit runs out within 30 days (or has). */
export const driverQueues = defineQueues({
  rideHailingDriversToReview: {
    title: '待审核的网约车司机',
    screen: driverScreens.ridehailingDrivers,
    filter: { tab: '0' },
    action: 'approve',
  },
  rideHailingDriversExpiring: {
    title: '证件即将到期的网约车司机',
    screen: driverScreens.ridehailingDrivers,
    filter: { tab: '1', expiry: '1,2' },
    button: 'ridehailingDrivers:edit',
  },
  taxiDriversToReview: {
    title: '待审核的出租车司机',
    screen: driverScreens.taxiDriver,
    filter: { tab: '0' },
    action: 'approve',
  },
  taxiDriversExpiring: {
    title: '证件即将到期的出租车司机',
    screen: driverScreens.taxiDriver,
    filter: { tab: '1', expiry: '1,2' },
    button: 'taxiDriver:edit',
  },
});
