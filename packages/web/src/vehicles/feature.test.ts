import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { relatedLists } from '../resource/related';
import { keys, vehicleFamily } from './families';
import { feature } from './feature';

describe('vehicle pages', () => {
  it('register exactly the route keys the families make pages for', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
  });

  it('register only routes of the vehicle section of the catalogue', () => {
    expect(Object.keys(feature.pages).filter((key) => routesByKey.get(key)?.section !== 'vehicle')).toEqual([]);
  });

  it("list a vehicle's orders and records on its detail page, each screen filtered by the vehicle", () => {
    const lists = relatedLists(vehicleFamily);
    expect(lists.map((list) => list.title)).toEqual([
      '租赁订单',
      '验车记录',
      '出库记录',
      '交车记录',
      '临时交车',
      '还车记录',
      '调车记录',
      '车辆风险',
      '违章记录',
      '维保记录',
    ]);
    expect(lists.every((list) => list.via === 'vehicleId' && list.screen.filters.includes('vehicleId'))).toBe(true);
  });
});
