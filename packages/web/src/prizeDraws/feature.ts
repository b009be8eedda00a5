import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 抽奖管理 and 抽奖详情 (the draw's prizes, participants and records are lists of the detail page). */
const pages = familyPages(() => import('./families'), ['prizeDraw', 'prizeDrawDetail']);

export const feature = defineFeature({ pages });
