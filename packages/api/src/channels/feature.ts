import { defineFeature } from '../feature';
import { allocationRuleFamily, channelFamily } from './family';

export const feature = defineFeature({ families: [channelFamily, allocationRuleFamily] });
