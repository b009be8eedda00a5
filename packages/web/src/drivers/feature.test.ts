import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { relatedLists } from '../resource/related';
import { keys, rideHailingDriverFamily, taxiDriverFamily } from './families';
import { feature } from './feature';

describe('driver pages', () => {
  it('register exactly the route keys the families make pages for, all of the customer section', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
    expect(Object.keys(feature.pages).filter((key) => routesByKey.get(key)?.section !== 'customer')).toEqual([]);
  });

  it("list a driver's orders, bills, handovers, returns and violations on their detail page, filtered by the driver", () => {
    for (const family of [rideHailingDriverFamily, taxiDriverFamily]) {
      const lists = relatedLists(family);
      expect(lists.map((list) => list.title)).toEqual([
        '租赁订单',
        '账单',
        '交车记录',
        '临时交车',
        '还车记录',
        '违章记录',
      ]);
      expect(lists.every((list) => list.via === 'driverId' && list.screen.filters.includes('driverId'))).toBe(true);
    }
  });
});
