import { defineFeature } from '../feature';
import { qrCodeFamily, qrTemplateFamily } from './family';
import { qrCodeRoutes } from './routes';

export const feature = defineFeature({ families: [qrTemplateFamily, qrCodeFamily], routes: [qrCodeRoutes] });
