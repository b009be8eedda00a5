import type { FieldDef, Resource } from '@cp/contracts';

export { refNameOf } from '@cp/contracts';

/** A row as the API sends it: ids as strings, references with their `…Name` beside them. */
export type ResourceRecord = { id: string; version?: number } & Record<string, unknown>;

/** A titled set of a resource's fields: a section of the form and of the detail view. */
export interface FieldGroup<Name extends string = string> {
  title: string;
  fields: readonly Name[];
}

/** Field names of a resource, as a union type. */
export type FieldName<R extends Resource> = keyof R['fields'] & string;

export function fieldOf(resource: Resource, name: string): FieldDef {
  const def = resource.fields[name];
  if (!def) throw new Error(`${resource.key} has no field ${name}`);
  return def;
}

/** The resource's fields in declaration order, or those named, in the order named. */
export function pickFields(resource: Resource, only?: readonly string[]): [string, FieldDef][] {
  if (!only) return resource.entries;
  return only.map((name) => [name, fieldOf(resource, name)]);
}
