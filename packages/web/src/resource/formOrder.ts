import type { Resource } from '@cp/contracts';
import { fieldOf } from './types';

/**
 * The field that says which row a form is about, put first: the resource's identity (车牌号 of a vehicle) when
 * the form edits it, else — for a record identified by what it belongs to (a violation's 车牌号 is its
 * vehicle's) — its first required reference (车辆).
 */
function leadingField(resource: Resource): string | undefined {
  const identity = resource.identity ? fieldOf(resource, resource.identity) : undefined;
  if (resource.identity && identity?.form) return resource.identity;
  return resource.entries.find(([, def]) => def.form && def.required && def.kind === 'ref')?.[0];
}

/**
 * The order of a section's fields in a form: the identifying field, then the required ones, then the rest,
 * each as declared. Whatever order a family lists its fields in, a user fills in what matters first and
 * sees every starred field before the optional ones.
 */
export function formOrder(resource: Resource, names: readonly string[]): string[] {
  const lead = leadingField(resource);
  const rank = (name: string) => (name === lead ? 0 : fieldOf(resource, name).required ? 1 : 2);
  return names
    .map((name, index) => ({ name, index, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ name }) => name);
}
