import { familyPages } from '../resource/registerFamilies';

/** 二维码管理 and 模板管理 with its add, edit and detail pages. */
export const qrCodePages = familyPages(
  () => import('./families'),
  [
    'qrcodeManagement',
    'templateManagement',
    'templateManagementAdd',
    'templateManagementEdit',
    'templateManagementDetails',
  ],
);
