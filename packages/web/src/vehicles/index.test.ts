import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { vehiclePages } from '.';
import { keys } from './families';

describe('vehicle pages', () => {
  it('register exactly the route keys the families make pages for', () => {
    expect(Object.keys(vehiclePages).sort()).toEqual([...keys].sort());
  });

  it('register only routes of the vehicle section of the catalogue', () => {
    expect(Object.keys(vehiclePages).filter((key) => routesByKey.get(key)?.section !== 'vehicle')).toEqual([]);
  });
});
