import { defineScreen } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { defineFamily } from './family';
import { fixtureResource } from './testing/fixture';

describe('a family listed only on a page under its resource’s page', () => {
  it('has that screen as its main one', () => {
    const onDetail = defineScreen(fixtureResource, { route: 'vehicleDetail' });
    const family = defineFamily({ resource: fixtureResource, screens: { vehicleDetail: onDetail } });
    expect(family.main).toBe(onDetail);
  });

  it('is refused without any screen', () => {
    expect(() => defineFamily({ resource: fixtureResource, screens: {} })).toThrow(
      'no screen for its page vehicleList',
    );
  });
});

describe("a family's sections", () => {
  it('are refused when they name a field the resource does not have (a detail page would throw on opening)', () => {
    const screen = defineScreen(fixtureResource, { route: 'vehicleList' });
    expect(() =>
      defineFamily({
        resource: fixtureResource,
        screens: { vehicleList: screen },
        groups: [{ title: '报价', fields: ['mileageLimit'] }],
      }),
    ).toThrow(`family ${fixtureResource.key}: section 报价 names no field mileageLimit`);
  });
});
