import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { prizeDrawPages } from '.';
import { keys } from './families';

describe('prize draw pages', () => {
  it('register exactly the route keys the families make pages for: the list and the detail, no embedded list', () => {
    expect(Object.keys(prizeDrawPages).sort()).toEqual([...keys].sort());
    expect(Object.keys(prizeDrawPages).map((key) => routesByKey.get(key)?.section)).toEqual(['customer', 'customer']);
  });
});
