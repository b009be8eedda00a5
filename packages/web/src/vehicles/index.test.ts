import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { vehiclePages } from '.';

describe('vehicle pages', () => {
  it('register under route keys of the catalogue, in the vehicle section', () => {
    const keys = Object.keys(vehiclePages);
    expect(keys.filter((key) => routesByKey.get(key)?.section !== 'vehicle')).toEqual([]);
    expect(keys).toHaveLength(19);
  });
});
