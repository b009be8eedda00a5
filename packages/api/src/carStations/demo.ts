import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { cities } from '../lookups/tables';
import { seedEachBranch } from '../seed/branches';
import { carStations } from './tables';

type Site = [
  name: string,
  kind: number,
  district: string,
  address: string,
  lng: string,
  lat: string,
  hours: string | null,
  amenities: number[],
];

/** The company's sites by city, in GCJ-02 as Amap shows them: stores, handover and return points, repair, charging. */
const sites: Record<string, Site[]> = {
  北京市: [
    [
      '朝阳门店',
      1,
      '朝阳区',
      '东三环北路38号泰康金融大厦南侧停车场',
      '116.461394',
      '39.938412',
      '09:00-18:00',
      [1, 2, 4, 7, 11],
    ],
    [
      '亦庄交车中心',
      2,
      '大兴区',
      '经济技术开发区科创十三街18号',
      '116.548632',
      '39.792170',
      '08:30-19:30',
      [1, 2, 4, 11],
    ],
    ['来广营维修站', 4, '朝阳区', '来广营北路甲2号', '116.447325', '40.021748', '08:00-20:00', [1, 2, 4, 11]],
    ['西红门超充站', 5, '大兴区', '欣宁街15号院南门', '116.329810', '39.788516', null, [2, 4, 8, 11, 12]],
  ],
  天津市: [
    ['河西门店', 1, '河西区', '友谊路35号城市大厦一层', '117.208519', '39.100283', '09:00-18:00', [1, 2, 4, 7]],
    ['空港还车点', 3, '东丽区', '空港经济区西二道82号', '117.367046', '39.128906', '08:00-21:00', [4, 11]],
  ],
  上海市: [
    ['虹桥门店', 1, '闵行区', '申长路988弄虹桥万科中心B1', '121.306892', '31.193170', '09:00-18:30', [1, 2, 4, 7, 11]],
    ['浦东交车中心', 2, '浦东新区', '川沙路5558号', '121.687553', '31.190237', '08:30-19:30', [1, 2, 4, 11]],
    ['真北路维修站', 4, '普陀区', '真北路2567号', '121.391960', '31.256784', '08:00-20:00', [1, 2, 4, 11]],
    ['七宝充电站', 5, '闵行区', '七莘路3599号', '121.352617', '31.153490', null, [2, 4, 8, 11, 12]],
  ],
  杭州市: [
    ['滨江门店', 1, '滨江区', '江南大道3850号创新大厦一层', '120.209478', '30.208723', '09:00-18:00', [1, 2, 4, 7]],
    ['萧山机场还车点', 3, '萧山区', '萧山国际机场P4停车场', '120.432461', '30.234958', null, [4, 11, 12]],
  ],
  苏州市: [
    [
      '园区门店',
      1,
      '苏州工业园区',
      '星湖街328号创意产业园',
      '120.733457',
      '31.281072',
      '09:00-18:00',
      [1, 2, 4, 7, 11],
    ],
    ['相城维修站', 4, '相城区', '阳澄湖西路1688号', '120.642011', '31.383926', '08:00-19:00', [1, 2, 4]],
  ],
};

/** The demo's 车站: each branch company's sites in its own cities; one not yet shown in the app. */
export async function seedCarStations(db: Db) {
  await seedEachBranch(db, carStations, async (branch) => {
    const names = await branch.tx
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(inArray(cities.id, [...branch.cityIds]));
    return names.flatMap(({ id: cityId, name: city }) =>
      (sites[city] ?? []).map(([name, kind, district, address, longitude, latitude, hours, amenities], n) => ({
        ...{ name, kind, cityId, district, address, longitude, latitude, coordinateSystem: 1, amenities },
        allDay: hours === null,
        openingHours: hours,
        phone: `400-690-${String(2000 + cityId * 10 + n).slice(-4)}`,
        contactName: ['刘店长', '马师傅', '黄经理', '林主管'][n % 4] ?? null,
        displayOrder: (n + 1) * 10,
        shownInApp: !(n === 3 && city === '上海市'),
        createdAt: branch.ago(240 - n * 30),
      })),
    );
  });
}
