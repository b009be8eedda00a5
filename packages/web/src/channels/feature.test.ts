import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { keys } from './families';
import { feature } from './feature';

describe('channel pages', () => {
  it('register exactly the route keys the families make pages for, in the customer section', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys].sort());
    expect(new Set(Object.keys(feature.pages).map((key) => routesByKey.get(key)?.section))).toEqual(
      new Set(['customer']),
    );
  });
});
