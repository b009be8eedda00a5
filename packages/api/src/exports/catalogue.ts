import { families } from '../families';
import { dynamicTrendExport, staticTrendExport } from '../finance/trends';
import { leadStatisticsExport } from '../leads/statistics-export';
import { familyExports } from '../resource/exports';
import { roleExport } from '../roles/export';
import { ExportRegistry } from './registry';

/** Every export the console offers: each family screen's with an 导出 button, and the hand-written ones. */
export const exportRegistry = new ExportRegistry([
  roleExport,
  leadStatisticsExport,
  staticTrendExport,
  dynamicTrendExport,
  ...families.flatMap(familyExports),
]);
