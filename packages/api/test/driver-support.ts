import { nationalIdCheckCharacter } from '@cp/contracts';
import type { TestContext } from './harness';

let serial = 500;

/** A valid ID of someone born on `date` (YYYYMMDD); an odd `sequence` is a man. */
export const idOf = (date: string, sequence: number) => {
  const first17 = `110105${date}${String(sequence).padStart(3, '0')}`;
  return first17 + nationalIdCheckCharacter(first17);
};

/** A 网约车司机 registered and approved (正常, so a vehicle may be handed to them); answers its id and row. */
export async function activeDriver(ctx: TestContext, token: string, name = '王伟') {
  serial++;
  const cities = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token });
  const created = await ctx.request<{ id: string; mobile: string; name: string }>({
    method: 'POST',
    url: '/api/ride-hailing-drivers',
    token,
    payload: {
      name,
      mobile: `1770000${String(serial).padStart(4, '0')}`,
      nationalId: idOf('19860420', serial),
      cityId: cities.data[0]?.value,
      licenseClass: 6,
    },
  });
  if (created.code !== 0) throw new Error(`driver not created: ${created.msg}`);
  const approved = await ctx.request({
    method: 'POST',
    url: `/api/ride-hailing-drivers/${created.data.id}/approve`,
    token,
    payload: {},
  });
  if (approved.code !== 0) throw new Error(`driver not approved: ${approved.msg}`);
  return created.data;
}
