import { defineFeature } from '../feature';
import { seedSafetyRegulations } from './demo';
import { regulationFamily } from './family';

export const feature = defineFeature({
  families: [regulationFamily],
  demo: (db, { dataDir }) => seedSafetyRegulations(db, dataDir),
});
