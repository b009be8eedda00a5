import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { channelPages } from '.';
import { keys } from './families';

describe('channel pages', () => {
  it('register exactly the route keys the families make pages for, in the customer section', () => {
    expect(Object.keys(channelPages).sort()).toEqual([...keys].sort());
    expect(new Set(Object.keys(channelPages).map((key) => routesByKey.get(key)?.section))).toEqual(
      new Set(['customer']),
    );
  });
});
