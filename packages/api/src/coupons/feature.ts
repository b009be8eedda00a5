import { defineFeature } from '../feature';
import { couponAppRoutes } from './app-routes';
import { seedCoupons } from './demo';
import { couponFamilies } from './family';

export const feature = defineFeature({ families: couponFamilies, routes: [couponAppRoutes], demo: seedCoupons });
