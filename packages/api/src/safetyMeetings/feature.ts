import { defineFeature } from '../feature';
import { seedSafetyMeetings } from './demo';
import { safetyMeetingFamilies } from './family';
import { safetyMeetingRoutes } from './routes';

export const feature = defineFeature({
  families: safetyMeetingFamilies,
  routes: [safetyMeetingRoutes],
  demo: (db) => seedSafetyMeetings(db),
});
