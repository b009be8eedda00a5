import './lookups/sources';
import './prizeDraws/lookup';
import './vehicles/lookup';
import { approvalFamilies } from './approvals/families';
import { allocationRuleFamily, channelFamily } from './channels/family';
import './drivers/lookup';
import { customerFamilies } from './customers/family';
import { driverFamilies } from './drivers/family';
import { billFamilies } from './finance/bills';
import { financeBookFamilies } from './finance/books';
import { collectionFamilies } from './finance/collection';
import { financeConfigFamilies } from './finance/config';
import type { RoutePlugin } from './http/schemas';
import { leadFamilies } from './leads/family';
import { driverApplicationFamily } from './orders/driverApplications';
import { orderFamilies } from './orders/family';
import { retailFamilies } from './orders/retail';
import { returnFamilies } from './orders/returns';
import { prizeDrawFamilies } from './prizeDraws/family';
import { qrCodeFamily, qrTemplateFamily } from './qrCodes/family';
import { productQuoteFamily } from './quotes/family';
import { awardFamily } from './referrals/awards';
import { incentiveFamily } from './referrals/incentives';
import { referralFamily } from './referrals/referrals';
import type { ServerResource } from './resource/family';
import { resourceTemplate } from './resource/import';
import { type RouteDeps, resourceRoutes } from './resource/routes';
import { userFamily } from './users/family';
import { vehicleFamily } from './vehicles/family';
import { vehicleRecordFamilies } from './vehicles/record-families';

/**
 * Every screen family of the server, declared on the resource kit. A new family is defined in its feature
 * folder and added here: its routes, import template and exports follow.
 */
export const families: readonly ServerResource[] = [
  vehicleFamily,
  ...vehicleRecordFamilies,
  userFamily,
  ...prizeDrawFamilies,
  qrTemplateFamily,
  qrCodeFamily,
  ...leadFamilies,
  channelFamily,
  allocationRuleFamily,
  ...driverFamilies,
  ...customerFamilies,
  referralFamily,
  awardFamily,
  incentiveFamily,
  ...approvalFamilies,
  ...orderFamilies,
  ...returnFamilies,
  ...retailFamilies,
  driverApplicationFamily,
  productQuoteFamily,
  ...financeConfigFamilies,
  ...financeBookFamilies,
  ...collectionFamilies,
  ...billFamilies,
];

for (const family of families) if (family.resource.import) resourceTemplate(family.resource);

export const familyRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  for (const family of families) resourceRoutes(app, family, deps);
};
