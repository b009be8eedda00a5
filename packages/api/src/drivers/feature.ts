import { defineFeature } from '../feature';
import { driverFamilies } from './family';
import './lookup';

export const feature = defineFeature({ families: driverFamilies });
