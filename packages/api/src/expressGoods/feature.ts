import { defineFeature } from '../feature';
import { seedDemoExpress } from './demo';
import { expressFamilies } from './family';

export const feature = defineFeature({
  families: expressFamilies,
  demo: (db, { dataDir }) => seedDemoExpress(db, dataDir),
});
