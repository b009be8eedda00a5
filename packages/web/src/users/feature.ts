import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 用户管理's page. */
const pages = familyPages(() => import('./families'), ['userManagement']);

export const feature = defineFeature({ pages });
