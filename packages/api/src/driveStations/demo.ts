import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { cities } from '../lookups/tables';
import { seedEachBranch } from '../seed/branches';
import { driveStations } from './tables';

type Site = [
  name: string,
  type: 1 | 2 | 3,
  district: string,
  address: string,
  lng: string,
  lat: string,
  hours: string | null,
  amenities: number[],
  chargers: [count: number, kw: number, price: number, fee: number] | null,
];

/** Stations by city, in GCJ-02 as Amap shows them: the company's own, a charging partner's, a 司机之家. */
const sites: Record<string, Site[]> = {
  北京市: [
    [
      '望京司机之家',
      1,
      '朝阳区',
      '望京街10号望京SOHO停车场B1',
      '116.480881',
      '39.996794',
      null,
      [1, 2, 3, 4, 7, 8, 11, 12],
      [12, 120, 85, 60],
    ],
    [
      '首都机场T3驿站',
      2,
      '顺义区',
      '首都机场T3航站楼东侧停车楼P3',
      '116.614756',
      '40.052935',
      null,
      [1, 2, 4, 7, 11, 12],
      null,
    ],
    [
      '亦庄超充驿站',
      2,
      '大兴区',
      '经济技术开发区荣华南路2号',
      '116.511541',
      '39.795201',
      '07:00-23:00',
      [1, 2, 4, 8, 11],
      [24, 180, 78, 55],
    ],
    [
      '丰台区交通运输局司机之家',
      3,
      '丰台区',
      '南四环西路188号总部基地',
      '116.295147',
      '39.829262',
      '08:00-12:00,13:30-20:00',
      [1, 2, 3, 4, 9, 13],
      null,
    ],
  ],
  天津市: [
    [
      '天津站后广场驿站',
      1,
      '河北区',
      '天津站后广场停车场',
      '117.212051',
      '39.138432',
      '06:00-22:00',
      [1, 2, 4, 7, 11],
      [6, 60, 92, 50],
    ],
  ],
  上海市: [
    [
      '虹桥枢纽司机驿站',
      1,
      '闵行区',
      '申贵路1500号虹桥天地P8停车场',
      '121.319763',
      '31.194178',
      null,
      [1, 2, 3, 4, 5, 6, 7, 8, 10, 12],
      [40, 240, 80, 70],
    ],
    [
      '浦东机场超充站',
      2,
      '浦东新区',
      '迎宾大道6000号浦东机场P4',
      '121.801773',
      '31.150883',
      null,
      [1, 2, 4, 8, 11, 12],
      [30, 160, 88, 65],
    ],
    [
      '虹口区出租车司机之家',
      3,
      '虹口区',
      '四平路421号',
      '121.490235',
      '31.269962',
      '08:00-20:00',
      [1, 2, 3, 4, 13, 14],
      null,
    ],
  ],
  杭州市: [
    [
      '杭州东站驿站',
      1,
      '上城区',
      '天城路1号杭州东站东广场P2',
      '120.219375',
      '30.291002',
      '06:00-24:00',
      [1, 2, 4, 7, 8, 11],
      [10, 120, 83, 58],
    ],
  ],
  苏州市: [
    [
      '苏州园区合作驿站',
      2,
      '苏州工业园区',
      '星湖街328号创意产业园停车场',
      '120.729862',
      '31.280146',
      '07:30-21:30',
      [1, 2, 4, 8],
      [8, 60, 79, 45],
    ],
  ],
};

/**
 * 司机驿站's demo: the stations of each branch company's cities, made over the last months; one stopped and one
 * not shown in the app. Called by the plans' demo too (they pick up at stations): the second call writes nothing.
 */
export async function seedDriveStations(db: Db) {
  return seedEachBranch(db, driveStations, async (branch) => {
    const names = await branch.tx
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(inArray(cities.id, [...branch.cityIds]));
    return names.flatMap(({ id: cityId, name: city }) =>
      (sites[city] ?? []).map(
        ([name, type, district, address, longitude, latitude, hours, amenities, chargers], n) => ({
          ...{ name, type, cityId, district, address, longitude, latitude, coordinateSystem: 1, amenities },
          allDay: hours === null,
          openingHours: hours,
          phone: `400-820-${String(1000 + cityId * 10 + n).slice(-4)}`,
          contactName: ['王师傅', '李站长', '赵经理', '陈主任'][n % 4] ?? null,
          ...(chargers
            ? {
                chargerCount: chargers[0],
                chargerPowerKw: chargers[1],
                electricityPrice: chargers[2],
                serviceFee: chargers[3],
              }
            : {}),
          introduction: `${name}位于${district}${address}，为网约车和出租车司机提供休息、饮水、如厕${chargers ? '和充电' : ''}服务。`,
          displayOrder: (n + 1) * 10,
          shownInApp: n !== 2,
          status: type === 3 && city === '北京市' ? 0 : 1,
          createdAt: branch.ago(150 - n * 25),
        }),
      ),
    );
  });
}
