import { defineFeature } from '../feature';
import { seedDriveStations } from './demo';
import { driveStationFamily } from './family';

export const feature = defineFeature({ families: [driveStationFamily], demo: seedDriveStations });
