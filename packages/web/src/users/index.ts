import { familyPages } from '../resource/registerFamilies';

/** 用户管理's page. */
export const userPages = familyPages(() => import('./families'), ['userManagement']);
