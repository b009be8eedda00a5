import { defineFeature } from '../feature';
import { vehicleFamily } from './family';
import './lookup';
import { vehicleRecordFamilies } from './record-families';
import { vehicleRoutes } from './routes';

export const feature = defineFeature({ families: [vehicleFamily, ...vehicleRecordFamilies], routes: [vehicleRoutes] });
