import { defineFeature } from '../feature';
import { fleetBillingRoutes } from './billing';
import { fleetCarFamily, fleetHandoverFamily } from './cars';
import { seedFleetOrders } from './demo';
import { fleetOrderFamily } from './family';

export const feature = defineFeature({
  families: [fleetOrderFamily, fleetCarFamily, fleetHandoverFamily],
  routes: [fleetBillingRoutes],
  demo: (db, { dataDir, console }) => seedFleetOrders(db, console, dataDir),
});
