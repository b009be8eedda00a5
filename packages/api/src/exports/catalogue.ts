import { families } from '../families';
import { features } from '../features.generated';
import { familyExports } from '../resource/exports';
import { ExportRegistry } from './registry';

/** Every export the console offers: each family screen's with an 导出 button, and the hand-written ones of the features. */
export const exportRegistry = new ExportRegistry([
  ...features.flatMap((feature) => feature.exports ?? []),
  ...families.flatMap(familyExports),
]);
