import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** 二维码管理 and 模板管理 with its add, edit and detail pages. */
const pages = familyPages(
  () => import('./families'),
  [
    'qrcodeManagement',
    'templateManagement',
    'templateManagementAdd',
    'templateManagementEdit',
    'templateManagementDetails',
  ],
);

export const feature = defineFeature({ pages });
