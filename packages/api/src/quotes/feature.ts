import { defineFeature } from '../feature';
import { productQuoteFamily } from './family';

export const feature = defineFeature({ families: [productQuoteFamily] });
