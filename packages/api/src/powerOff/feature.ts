import { defineFeature } from '../feature';
import { powerCommandLogFamily, powerOffRequestFamily } from './family';
import { powerOffRoutes } from './routes';

export const feature = defineFeature({
  families: [powerOffRequestFamily, powerCommandLogFamily],
  routes: [powerOffRoutes],
});
