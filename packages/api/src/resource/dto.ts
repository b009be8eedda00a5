import type { Resource } from '@cp/contracts';

/** A row as the API sends it: ids and references as strings, timestamps as ISO text. */
export function toDto(resource: Resource, row: Record<string, unknown>): Record<string, unknown> {
  const dto: Record<string, unknown> = { id: String(row.id) };
  for (const [name, def] of resource.entries) {
    if (!(name in row)) continue;
    const value = row[name];
    if (value === null || value === undefined) dto[name] = def.kind === 'files' || def.kind === 'tags' ? [] : null;
    else if (def.kind === 'ref') dto[name] = String(value);
    else if (value instanceof Date) dto[name] = value.toISOString();
    else dto[name] = value;
  }
  if ('version' in row) dto.version = row.version;
  if (row.createdAt instanceof Date) dto.createdAt = row.createdAt.toISOString();
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
