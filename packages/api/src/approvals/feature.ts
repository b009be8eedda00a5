import { defineFeature } from '../feature';
import { approvalFamilies } from './families';
import { approvalRoutes } from './routes';

export const feature = defineFeature({ families: approvalFamilies, routes: [approvalRoutes] });
