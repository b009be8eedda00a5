import { defineFeature } from '../feature';
import { safetyContentAppRoutes } from './app-routes';
import { seedSafetyContents } from './demo';
import { safetyContentFamily, safetyContentReportFamily, safetyProgressFamily } from './family';

export const feature = defineFeature({
  families: [safetyContentFamily, safetyContentReportFamily, safetyProgressFamily],
  routes: [safetyContentAppRoutes],
  demo: (db, { dataDir, app }) => seedSafetyContents(db, dataDir, app),
});
