import { defineFeature } from '../feature';
import { seedBoardingPlans } from './demo';
import { boardingPlanFamily } from './family';
import { boardingPlanJobRoutes } from './job';

export const feature = defineFeature({
  families: [boardingPlanFamily],
  routes: [boardingPlanJobRoutes],
  demo: seedBoardingPlans,
});
