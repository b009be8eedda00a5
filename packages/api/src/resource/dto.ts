import type { Resource } from '@cp/contracts';

type Conversion = 'list' | 'ref' | 'plain';

/** How each field of a resource is converted, worked out once per resource rather than per row. */
const plans = new WeakMap<Resource, ReadonlyMap<string, Conversion>>();

function planOf(resource: Resource): ReadonlyMap<string, Conversion> {
  let plan = plans.get(resource);
  if (!plan) {
    plan = new Map(
      resource.entries.map(([name, def]): [string, Conversion] => [
        name,
        def.kind === 'files' || def.kind === 'tags' ? 'list' : def.kind === 'ref' ? 'ref' : 'plain',
      ]),
    );
    plans.set(resource, plan);
  }
  return plan;
}

function converted(conversion: Conversion, value: unknown): unknown {
  if (value === null || value === undefined) return conversion === 'list' ? [] : null;
  if (conversion === 'ref') return String(value);
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * A row as the API sends it: ids and references as strings, timestamps as ISO text. Only the row's own
 * fields are read (a list page reads fewer columns than the detail). `extra` fields (a joined plate, a
 * derived id) are added to the same object, so a page of rows is built without copies.
 */
export function toDto(
  resource: Resource,
  row: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const plan = planOf(resource);
  const dto: Record<string, unknown> = { id: String(row.id) };
  for (const name in row) {
    const conversion = plan.get(name);
    if (conversion !== undefined) dto[name] = converted(conversion, row[name]);
  }
  if ('version' in row) dto.version = row.version;
  if (row.createdAt instanceof Date) dto.createdAt = row.createdAt.toISOString();
  if (extra) for (const name in extra) dto[name] = converted(plan.get(name) ?? 'plain', extra[name]);
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
