import { carStationKind, envelope, nearbyStation, nearbyStationsQuery, stationAmenity } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf } from '../appApi/auth';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { toGcj02 } from '../driveStations/coordinates';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { carStations } from './tables';

/** Metres per degree of latitude (and of longitude at the equator). */
const metresPerDegree = 111_320;

interface Found {
  id: number;
  name: string;
  kind: number;
  address: string;
  longitude: string;
  latitude: string;
  all_day: boolean;
  opening_hours: string | null;
  phone: string | null;
  amenities: number[];
  metres: number;
}

/**
 * The app's map: the branch company's sites shown in the app within `radiusKm` (5 by default) of a point, nearest
 * first. The point is converted to GCJ-02 once; the sites are read in a box around it through the (tenant,
 * latitude, longitude) index, then measured (haversine) and sorted in SQL.
 */
export const carStationAppRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/app/car-stations/nearby',
    {
      config: { access: access.app('none') },
      schema: {
        summary: 'APP地图：某点附近在APP展示的公司站点，由近及远',
        tags: ['司机APP'],
        querystring: nearbyStationsQuery,
        response: { 200: envelope(z.array(nearbyStation)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const query = request.query;
      const point = toGcj02(query.coordinateSystem ?? 1, { lng: query.longitude, lat: query.latitude });
      const radius = (query.radiusKm ?? 5) * 1000;
      const dLat = radius / metresPerDegree;
      const dLng = radius / (metresPerDegree * Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01));
      const lat = sql`(${carStations.latitude}::float8)`;
      const lng = sql`(${carStations.longitude}::float8)`;
      const metres = sql`2 * 6371008.8 * asin(sqrt(power(sin(radians(${lat} - ${point.lat}) / 2), 2) + cos(radians(${point.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${point.lng}) / 2), 2)))`;
      const found = rowsOf<Found>(
        await db.execute(sql`
          select * from (
            select ${carStations.id} as id, ${carStations.name} as name, ${carStations.kind} as kind,
              ${carStations.address} as address, ${carStations.longitude} as longitude,
              ${carStations.latitude} as latitude, ${carStations.allDay} as all_day,
              ${carStations.openingHours} as opening_hours, ${carStations.phone} as phone,
              ${carStations.amenities} as amenities, ${metres} as metres
            from ${carStations}
            where ${and(
              eq(carStations.tenantId, tenantId),
              eq(carStations.shownInApp, true),
              query.kind === undefined ? undefined : eq(carStations.kind, query.kind),
            )}
              and ${lat} between ${point.lat - dLat} and ${point.lat + dLat}
              and ${lng} between ${point.lng - dLng} and ${point.lng + dLng}
          ) near
          where metres <= ${radius}
          order by metres, id
          limit ${query.limit ?? 20}`),
      );
      return ok(
        found.map((row) => ({
          id: String(row.id),
          name: row.name,
          kind: Number(row.kind),
          kindName: carStationKind.label(Number(row.kind)),
          address: row.address,
          longitude: row.longitude,
          latitude: row.latitude,
          allDay: row.all_day,
          openingHours: row.opening_hours,
          phone: row.phone,
          amenities: (row.amenities ?? []).map((value) => stationAmenity.label(Number(value))),
          distanceMetres: Math.round(Number(row.metres)),
        })),
      );
    },
  );
};
