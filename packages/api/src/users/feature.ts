import { defineFeature } from '../feature';
import { userFamily } from './family';

export const feature = defineFeature({ families: [userFamily] });
