import { defineFeature } from '../feature';
import { retentionAppRoutes } from './app-routes';
import { seedRetention } from './demo';
import { retentionFamilies } from './family';

export const feature = defineFeature({
  families: retentionFamilies,
  routes: [retentionAppRoutes],
  demo: seedRetention,
});
