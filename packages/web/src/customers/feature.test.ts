import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { keys } from './families';
import { feature } from './feature';

describe('customer pages', () => {
  it('register exactly the add and edit pages the families make, each under 线索明细', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(routesByKey.get(key)?.menuKey).toBe('threadDeatails');
  });
});
