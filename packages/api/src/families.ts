import './lookups/sources';
import { features } from './features.generated';
import type { RoutePlugin } from './http/schemas';
import type { ServerResource } from './resource/family';
import { resourceTemplate } from './resource/import';
import { richTextImageRoutes } from './resource/rich-text-routes';
import { type RouteDeps, resourceRoutes } from './resource/routes';

/**
 * Every screen family of the server, declared on the resource kit in its feature folder (`<feature>/feature.ts`,
 * listed by `npm run features`): their routes, import templates and exports follow.
 */
export const families: readonly ServerResource[] = features.flatMap((feature) => feature.families ?? []);

for (const family of families) if (family.resource.import) resourceTemplate(family.resource);

export const familyRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  for (const family of families) resourceRoutes(app, family, deps);
  richTextImageRoutes(app, families, deps);
};
