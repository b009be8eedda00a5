import { defineFeature } from '../feature';
import { seedPowerOff } from './demo';
import { powerCommandLogFamily, powerOffRequestFamily } from './family';
import { powerOffRoutes } from './routes';

export const feature = defineFeature({
  families: [powerOffRequestFamily, powerCommandLogFamily],
  routes: [powerOffRoutes],
  demo: seedPowerOff,
});
