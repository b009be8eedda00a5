import { defineFeature } from '../feature';
import { customerAccountRoutes } from './account';
import { financeSettingsRoutes } from './billing';
import { billFamilies } from './bills';
import { financeBookFamilies } from './books';
import { collectionFamilies } from './collection';
import { financeConfigFamilies } from './config';
import { billExpenseRoutes } from './expense-sources';
import { financeRoutes } from './overdue';
import { dynamicTrendExport, rentTrendRoutes, staticTrendExport } from './trends';

export const feature = defineFeature({
  families: [...financeConfigFamilies, ...financeBookFamilies, ...collectionFamilies, ...billFamilies],
  routes: [financeRoutes, financeSettingsRoutes, rentTrendRoutes, customerAccountRoutes, billExpenseRoutes],
  exports: [staticTrendExport, dynamicTrendExport],
});
