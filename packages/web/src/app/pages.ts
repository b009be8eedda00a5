import { approvalPages } from '../approvals';
import { channelPages } from '../channels';
import { customerPages } from '../customers';
import { downloadPages } from '../downloads';
import { driverPages } from '../drivers';
import { financePages } from '../finance';
import { leadStatisticsPages } from '../leadStatistics';
import { leadPages } from '../leads';
import { orderPages } from '../orders';
import { shellPages } from '../pages';
import { prizeDrawPages } from '../prizeDraws';
import { qrCodePages } from '../qrCodes';
import { referralPages } from '../referrals';
import { rolePages } from '../roles';
import { userPages } from '../users';
import { vehiclePages } from '../vehicles';
import type { PageRegistry } from './pageRegistry';
import { createRouteTable } from './routeTable';

/**
 * Every built page, by route key of the contracts' route catalogue. A section adds its screens by
 * spreading its feature folder's registry here; catalogue routes without a page are not routed (404) and
 * not shown in any menu.
 */
export const pages: PageRegistry = {
  ...shellPages,
  ...downloadPages,
  ...qrCodePages,
  ...rolePages,
  ...referralPages,
  ...userPages,
  ...vehiclePages,
  ...prizeDrawPages,
  ...leadPages,
  ...leadStatisticsPages,
  ...channelPages,
  ...customerPages,
  ...driverPages,
  ...approvalPages,
  ...orderPages,
  ...financePages,
};

export const routeTable = createRouteTable(pages);
