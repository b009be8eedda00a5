import { defineFeature } from '../feature';
import { feedbackRoutes } from './routes';

export const feature = defineFeature({ routes: [feedbackRoutes] });
