import { defineFeature } from '../feature';
import { marketplaceAppRoutes } from './app-routes';
import { seedMarketplace } from './demo';
import { marketplaceFamilies } from './family';
import './lookups';
import { paymentRoutes } from './payments';
import { timerRoutes } from './timers';

export const feature = defineFeature({
  families: marketplaceFamilies,
  routes: [marketplaceAppRoutes, paymentRoutes, timerRoutes],
  demo: (db, { dataDir, app }) => seedMarketplace(db, dataDir, app),
});
