import { isListKind, type Resource } from '@cp/contracts';
import type { ResourceRecord } from './types';

const blank = (value: unknown) => value === undefined || value === '';

/** The form's starting values for a row: its editable fields only. */
export function formValuesOf(resource: Resource, record: ResourceRecord | undefined): Record<string, unknown> {
  if (!record) return {};
  return Object.fromEntries(resource.entries.filter(([, def]) => def.form).map(([name]) => [name, record[name]]));
}

/**
 * What create/update send: the editable fields the form holds, an empty one as null so an edit can clear
 * it. Fields the form does not show are left out, and the server leaves them as they are.
 */
export function toInput(
  resource: Resource,
  values: Readonly<Record<string, unknown>>,
  editing = false,
): Record<string, unknown> {
  const lifecycleField = resource.lifecycle?.field;
  return Object.fromEntries(
    resource.entries
      .filter(([name, def]) => def.form && name in values && name !== lifecycleField && !(editing && def.createOnly))
      .map(([name, def]) => {
        const value = values[name];
        if (isListKind(def.kind)) {
          return [name, Array.isArray(value) ? value : []];
        }
        return [name, blank(value) ? null : value];
      }),
  );
}
