import { carStationResource, carStationScreens } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { storedPoint } from '../driveStations/coordinates';
import { defineServerResource } from '../resource/family';
import { carStations } from './tables';

/** 车站管理: points kept in GCJ-02 as 司机驿站's are, hours dropped for a site open all day. */
export const carStationFamily = defineServerResource({
  resource: carStationResource,
  table: carStations,
  screens: carStationScreens,
  filters: { amenity: (value) => sql`${carStations.amenities} @> array[${value}::smallint]` },
  prepare(values, _ctx, before) {
    const point = storedPoint(values, before);
    const merged = { ...before, ...values, ...point };
    return { ...values, ...point, ...(merged.allDay === true ? { openingHours: null } : {}) };
  },
});
