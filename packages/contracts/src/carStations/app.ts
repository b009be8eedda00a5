import { z } from 'zod';
import { coordinateSystem } from '../driveStations/resource';
import { idText, text } from '../values';
import { carStationKind } from './resource';

const degrees = (title: string, min: number, max: number) =>
  z.coerce
    .number({ error: '应为十进制度数' })
    .min(min, `应在${min}到${max}之间`)
    .max(max, `应在${min}到${max}之间`)
    .meta({ title });

/** The app's map asks for the shown sites around a point, in the coordinate system its map uses. */
export const nearbyStationsQuery = z.strictObject({
  longitude: degrees('经度', -180, 180),
  latitude: degrees('纬度', -90, 90),
  coordinateSystem: z.coerce
    .number()
    .int()
    .refine((value) => (coordinateSystem.values as readonly number[]).includes(value), '取值无效，可选值：1、2、3')
    .optional()
    .meta({ title: '坐标系' }),
  radiusKm: z.coerce
    .number()
    .int('应为整数')
    .min(1, '不能小于1')
    .max(50, '不能大于50')
    .optional()
    .meta({ title: '范围（公里）' }),
  kind: z.coerce
    .number()
    .int()
    .refine((value) => (carStationKind.values as readonly number[]).includes(value), '取值无效')
    .optional()
    .meta({ title: '站点类型' }),
  limit: z.coerce.number().int('应为整数').min(1, '不能小于1').max(50, '不能大于50').optional().meta({ title: '条数' }),
});

export const nearbyStation = z
  .object({
    id: idText,
    name: text(),
    kind: z.number().int(),
    kindName: text(),
    address: text(),
    longitude: text(),
    latitude: text(),
    allDay: z.boolean(),
    openingHours: text().nullable(),
    phone: text().nullable(),
    amenities: z.array(text()),
    distanceMetres: z.number().int(),
  })
  .meta({ id: 'AppNearbyStation' });
