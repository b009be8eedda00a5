import type { Resource } from '@cp/contracts';

type Conversion = 'list' | 'ref' | 'refs' | 'plain';

/** How each field of a resource is converted, worked out once per resource rather than per row. */
const plans = new WeakMap<Resource, ReadonlyMap<string, Conversion>>();

function planOf(resource: Resource): ReadonlyMap<string, Conversion> {
  let plan = plans.get(resource);
  if (!plan) {
    plan = new Map(
      resource.entries.map(([name, def]): [string, Conversion] => {
        if (def.kind === 'files' || def.kind === 'tags') return [name, 'list'];
        if (def.kind === 'ref' || def.kind === 'refs') return [name, def.kind];
        return [name, 'plain'];
      }),
    );
    plans.set(resource, plan);
  }
  return plan;
}

function converted(conversion: Conversion, value: unknown): unknown {
  if (value === null || value === undefined) return conversion === 'list' || conversion === 'refs' ? [] : null;
  switch (conversion) {
    case 'ref':
      return String(value);
    case 'refs':
      return (value as unknown[]).map(String);
    default:
      return value instanceof Date ? value.toISOString() : value;
  }
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

/** Input as the table takes it: references back to numbers, empty values as null. */
export function fromInput(resource: Resource, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, def] of resource.entries) {
    if (!def.form || !(name in input)) continue;
    const value = input[name];
    if (def.kind === 'ref') values[name] = value == null ? null : Number(value);
    else if (def.kind === 'refs') values[name] = ((value as string[] | null) ?? []).map(Number);
    else if (def.kind === 'files' || def.kind === 'tags') values[name] = value ?? [];
    else values[name] = value ?? null;
  }
  return values;
}
