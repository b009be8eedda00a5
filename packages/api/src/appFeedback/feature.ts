import { defineFeature } from '../feature';
import { appFeedbackRoutes } from './app-routes';
import { seedAppFeedback } from './demo';
import { appFeedbackFamily, appFeedbackReplyFamily, feedbackTagFamily } from './family';
import { appMessageRoutes } from './messages';
import { appFeedbackStatisticsRoutes } from './statistics';

export const feature = defineFeature({
  families: [appFeedbackFamily, appFeedbackReplyFamily, feedbackTagFamily],
  routes: [appFeedbackRoutes, appFeedbackStatisticsRoutes, appMessageRoutes],
  demo: (db, { app }) => seedAppFeedback(db, app),
});
