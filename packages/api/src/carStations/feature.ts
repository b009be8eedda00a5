import { defineFeature } from '../feature';
import { carStationAppRoutes } from './app-routes';
import { seedCarStations } from './demo';
import { carStationFamily } from './family';

export const feature = defineFeature({
  families: [carStationFamily],
  routes: [carStationAppRoutes],
  demo: seedCarStations,
});
