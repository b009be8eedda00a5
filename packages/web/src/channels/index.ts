import { familyPages } from '../resource/registerFamilies';

/** 渠道管理 and 规则管理. */
export const channelPages = familyPages(() => import('./families'), ['channelManagement', 'ruleManagement']);
