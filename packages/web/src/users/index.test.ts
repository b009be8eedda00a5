import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { userPages } from '.';
import { keys } from './families';

describe('user pages', () => {
  it('register exactly the route keys the family makes pages for, in the config section', () => {
    expect(Object.keys(userPages).sort()).toEqual([...keys].sort());
    expect(Object.keys(userPages).map((key) => routesByKey.get(key)?.section)).toEqual(['config']);
  });
});
