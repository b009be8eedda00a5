import { defineFeature } from '../feature';
import { fleetBillingRoutes } from './billing';
import { fleetCarFamily, fleetHandoverFamily } from './cars';
import { fleetOrderFamily } from './family';

export const feature = defineFeature({
  families: [fleetOrderFamily, fleetCarFamily, fleetHandoverFamily],
  routes: [fleetBillingRoutes],
});
