import type { Resource } from '@cp/contracts';

type Conversion = 'list' | 'ref' | 'plain';
type Plan = readonly (readonly [name: string, conversion: Conversion])[];

/** How each field of a resource is converted, worked out once per resource rather than per row. */
const plans = new WeakMap<Resource, Plan>();

function planOf(resource: Resource): Plan {
  let plan = plans.get(resource);
  if (!plan) {
    plan = resource.entries.map(([name, def]): readonly [string, Conversion] => [
      name,
      def.kind === 'files' || def.kind === 'tags' ? 'list' : def.kind === 'ref' ? 'ref' : 'plain',
    ]);
    plans.set(resource, plan);
  }
  return plan;
}

/**
 * A row as the API sends it: ids and references as strings, timestamps as ISO text. `extra` fields (a
 * joined plate, a derived id) are added to the same object, so a page of rows is built without copies.
 */
export function toDto(
  resource: Resource,
  row: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const dto: Record<string, unknown> = { id: String(row.id) };
  for (const [name, conversion] of planOf(resource)) {
    const fromExtra = extra !== undefined && name in extra;
    if (!fromExtra && !(name in row)) continue;
    const value = fromExtra ? extra[name] : row[name];
    if (value === null || value === undefined) dto[name] = conversion === 'list' ? [] : null;
    else if (conversion === 'ref') dto[name] = String(value);
    else if (value instanceof Date) dto[name] = value.toISOString();
    else dto[name] = value;
  }
  if ('version' in row) dto.version = row.version;
  if (row.createdAt instanceof Date) dto.createdAt = row.createdAt.toISOString();
  if (extra) for (const name in extra) if (!(name in dto)) dto[name] = extra[name];
  return dto;
}

/** Input as the table takes it: references back to numbers. */
export function fromInput(resource: Resource, input: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, def] of resource.entries) {
    if (!def.form || !(name in input)) continue;
    const value = input[name];
    values[name] = def.kind === 'ref' && value != null ? Number(value) : (value ?? null);
  }
  return values;
}
