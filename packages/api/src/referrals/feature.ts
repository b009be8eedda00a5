import { defineFeature } from '../feature';
import { awardFamily } from './awards';
import { incentiveFamily, incentiveRoutes } from './incentives';
import { referralFamily } from './referrals';

export const feature = defineFeature({
  families: [referralFamily, awardFamily, incentiveFamily],
  routes: [incentiveRoutes],
});
