import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** The drivers' pages, by route key (their families in ./families make them). */
const pages = familyPages(
  () => import('./families'),
  [
    'ridehailingDrivers',
    'ridehailingDriversAdd',
    'ridehailingDriversEdit',
    'ridehailingDriversDetails',
    'taxiDriver',
    'taxiDriverAdd',
    'taxiDriverEdit',
    'taxiDriverDetails',
  ],
);

export const feature = defineFeature({ pages });
