import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 渠道管理 and 规则管理. */
const pages = familyPages(() => import('./families'), ['channelManagement', 'ruleManagement']);

export const feature = defineFeature({ pages });
