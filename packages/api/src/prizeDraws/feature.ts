import { defineFeature } from '../feature';
import { prizeDrawFamilies } from './family';
import './lookup';
import { prizeDrawRoutes } from './routes';

export const feature = defineFeature({ families: prizeDrawFamilies, routes: [prizeDrawRoutes] });
