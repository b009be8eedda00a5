import { defineFeature } from '../feature';
import { claimFamily } from './claims';
import { seedPolicies } from './demo';
import { policyFamily } from './family';
import { reportFamily } from './report';

export const feature = defineFeature({ families: [policyFamily, claimFamily, reportFamily], demo: seedPolicies });
