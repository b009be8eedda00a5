import { describe, expectTypeOf, it } from 'vitest';
import { defineServerResource } from '../../src/resource/family';
import { fixtureResource, kitFixtures } from './fixture';

describe('hooks typed by the resource', () => {
  it('gives prepare the fields’ values and an action its body', () => {
    defineServerResource({
      resource: fixtureResource,
      table: kitFixtures,
      screens: [],
      prepare(values, _ctx, before) {
        expectTypeOf(values.code).toEqualTypeOf<string | null | undefined>();
        expectTypeOf(values.companyId).toEqualTypeOf<number | null | undefined>();
        expectTypeOf(before?.happenedAt).toEqualTypeOf<Date | null | undefined>();
        return values;
      },
      actions: {
        annotate: {
          patch: (body) => {
            expectTypeOf(body.remark).toEqualTypeOf<string>();
            return { remark: body.remark };
          },
        },
      },
    });
  });
});
