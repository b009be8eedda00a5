import { defineScreen } from '../resource/screen';
import { driverStatus as s } from './enums';
import { rideHailingDriverResource, taxiDriverResource } from './resource';

/** 全部 first, then a tab per status; 待审核 and 审核不通过 read as one step of the review. */
const statusTabs = {
  field: 'status',
  all: true,
  items: [
    { values: [s.pending] },
    { values: [s.active] },
    { values: [s.frozen] },
    { values: [s.blacklisted] },
    { values: [s.churned] },
    { values: [s.rejected] },
  ],
} as const;

const actions = ['approve', 'reject', 'resubmit', 'freeze', 'unfreeze', 'blacklist', 'churn'] as const;
const filters = ['name', 'mobile', 'nationalId', 'cityId', 'expiry', 'source', 'salespersonId'] as const;
const columns = ['name', 'mobile', 'nationalId', 'gender', 'cityId', 'source', 'salespersonId', 'status'] as const;

export const driverScreens = {
  ridehailingDrivers: defineScreen(rideHailingDriverResource, {
    route: 'ridehailingDrivers',
    filters,
    columns: [...columns, 'permitExpiry', 'updatedAt'],
    key: ['mobile', 'status', 'expiry'],
    widths: { expiry: 120 },
    tabs: statusTabs,
    actions,
  }),
  taxiDriver: defineScreen(taxiDriverResource, {
    route: 'taxiDriver',
    filters: [...filters, 'taxiCompany'],
    columns: [...columns, 'taxiCompany', 'permitExpiry', 'updatedAt'],
    key: ['mobile', 'status', 'expiry'],
    widths: { expiry: 120 },
    tabs: statusTabs,
    actions,
  }),
};
