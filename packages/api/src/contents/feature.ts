import { defineFeature } from '../feature';
import { seedContents } from './demo';
import { contentFamily, interactionFamily } from './family';
import { contentTrendRoutes } from './trend';

export const feature = defineFeature({
  families: [contentFamily, interactionFamily],
  routes: [contentTrendRoutes],
  demo: (db) => seedContents(db),
});
