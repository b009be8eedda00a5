import { defineFeature } from '../feature';
import { leadFamilies } from './family';
import { leadRoutes } from './routes';
import { leadStatisticsExport } from './statistics-export';
import { leadStatisticsRoutes } from './statistics-routes';

export const feature = defineFeature({
  families: leadFamilies,
  routes: [leadRoutes, leadStatisticsRoutes],
  exports: [leadStatisticsExport],
});
