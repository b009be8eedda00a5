import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { keys } from './families';
import { feature } from './feature';

describe('prize draw pages', () => {
  it('register exactly the route keys the families make pages for: the list and the detail, no embedded list', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
    expect(Object.keys(feature.pages).map((key) => routesByKey.get(key)?.section)).toEqual(['customer', 'customer']);
  });
});
