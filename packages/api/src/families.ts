import './lookups/sources';
import './customers/lookup';
import './vehicles/lookup';
import { allocationRuleFamily, channelFamily } from './channels/family';
import { driverFamilies } from './customers/family';
import type { RoutePlugin } from './http/schemas';
import { leadFamilies } from './leads/family';
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
  ...leadFamilies,
  channelFamily,
  allocationRuleFamily,
  ...driverFamilies,
];

for (const family of families) if (family.resource.import) resourceTemplate(family.resource);

export const familyRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  for (const family of families) resourceRoutes(app, family, deps);
};
