import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { keys } from './families';
import { feature } from './feature';

describe('user pages', () => {
  it('register exactly the route keys the family makes pages for, in the config section', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
    expect(Object.keys(feature.pages).map((key) => routesByKey.get(key)?.section)).toEqual(['config']);
  });
});
