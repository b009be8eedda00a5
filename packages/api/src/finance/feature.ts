import { defineFeature } from '../feature';
import { customerAccountRoutes } from './account';
import { financeSettingsRoutes } from './billing';
import { billExpenseRoutes, billFamilies } from './bills';
import { financeBookFamilies } from './books';
import { collectionFamilies } from './collection';
import { financeConfigFamilies } from './config';
import { financeRoutes } from './overdue';
import { dynamicTrendExport, rentTrendRoutes, staticTrendExport } from './trends';

export const feature = defineFeature({
  families: [...financeConfigFamilies, ...financeBookFamilies, ...collectionFamilies, ...billFamilies],
  routes: [financeRoutes, financeSettingsRoutes, rentTrendRoutes, customerAccountRoutes, billExpenseRoutes],
  exports: [staticTrendExport, dynamicTrendExport],
});
