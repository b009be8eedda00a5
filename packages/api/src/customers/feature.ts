import { defineFeature } from '../feature';
import { customerFamilies } from './family';

export const feature = defineFeature({ families: customerFamilies });
