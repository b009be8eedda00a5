import { defineFeature } from '../feature';
import { roleExport } from './export';
import { roleRoutes } from './routes';

export const feature = defineFeature({ routes: [roleRoutes], exports: [roleExport] });
