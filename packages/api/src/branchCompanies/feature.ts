import { defineFeature } from '../feature';
import { appKeyFamily } from './app-keys';
import { seedBranchCompanies } from './demo';
import { companyFamily } from './family';

export const feature = defineFeature({ families: [companyFamily, appKeyFamily], demo: seedBranchCompanies });
