import { roleExport } from '../roles/export';
import { vehicleExport } from '../vehicles/export';
import { vehicleRecordExports } from '../vehicles/record-exports';
import { ExportRegistry } from './registry';

/** Every export the console offers. A list that gets an 导出 button declares it in its feature and adds it here. */
export const exportRegistry = new ExportRegistry([roleExport, vehicleExport, ...vehicleRecordExports]);
