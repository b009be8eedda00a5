import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** The add and edit pages of 政企客户, 分销商 and 个人客户 (reached from 线索明细). */
const pages = familyPages(
  () => import('./families'),
  [
    'governmentCustomerAdd',
    'governmentCustomerEdit',
    'distributorAdd',
    'distributorEdit',
    'personalCustomerAdd',
    'personalCustomerEdit',
  ],
);

export const feature = defineFeature({ pages });
