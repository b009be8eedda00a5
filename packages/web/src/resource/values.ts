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

const numberKinds: ReadonlySet<string> = new Set(['integer', 'money', 'enum']);

/**
 * A new row's values named by the link that opened its form (`?name=王磊&cityId=3`, from the lead being
 * activated): the editable fields it names, typed by their kind; lists and files are never carried by a link.
 */
export function valuesFromSearch(resource: Resource, params: URLSearchParams): Record<string, unknown> {
  const lifecycleField = resource.lifecycle?.field;
  return Object.fromEntries(
    resource.entries.flatMap(([name, def]): [string, unknown][] => {
      const text = params.get(name);
      if (!def.form || name === lifecycleField || !text || isListKind(def.kind) || def.kind === 'files') return [];
      if (!numberKinds.has(def.kind)) return [[name, def.kind === 'boolean' ? text === 'true' : text]];
      const value = Number(text);
      return Number.isSafeInteger(value) ? [[name, value]] : [];
    }),
  );
}
