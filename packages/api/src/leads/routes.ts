import type { Db } from '../db';
import type { RoutePlugin } from '../http/schemas';
import { invalidLeadRulesJob } from './job';

/** What the leads section runs besides its families' routes: the daily 无效线索 rules. */
export const leadRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(invalidLeadRulesJob);
};
