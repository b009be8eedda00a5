import { familyPages } from '../resource/registerFamilies';

/** The drivers' pages, by route key (their families in ./families make them). */
export const customerPages = familyPages(
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
