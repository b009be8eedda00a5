import { defineFeature } from '../feature';
import type { RoutePlugin } from '../http/schemas';
import { ensureEveryCatalogue } from './catalogue';
import { seedDemoPoints } from './demo';
import { pointsExpiryJob } from './expiry';
import { pointsFamilies } from './family';

/** The expiry job, and each branch company's task catalogue made sure of as the server starts. */
const pointsRoutes: RoutePlugin<{ db: import('../db').Db }> = async (app, { db }) => {
  app.jobs.define(pointsExpiryJob);
  await ensureEveryCatalogue(db);
};

export const feature = defineFeature({ families: pointsFamilies, routes: [pointsRoutes], demo: seedDemoPoints });
