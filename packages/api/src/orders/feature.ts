import { defineFeature } from '../feature';
import { depositLedgerRoutes } from './deposits';
import { driverApplicationFamily } from './driverApplications';
import { orderFamilies } from './family';
import { orderJobRoutes } from './renewals';
import { retailFamilies } from './retail';
import { returnFamilies } from './returns';

export const feature = defineFeature({
  families: [...orderFamilies, ...returnFamilies, ...retailFamilies, driverApplicationFamily],
  routes: [orderJobRoutes, depositLedgerRoutes],
});
