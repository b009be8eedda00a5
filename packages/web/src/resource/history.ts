import type { FieldDef, Resource } from '@cp/contracts';
import { displayTitle, formatPlain } from './format';

/** An audit record of one row, as `GET …/:id/history` answers it (newest first). */
export interface HistoryEntry {
  id: string;
  action: string;
  userName: string;
  at: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
}

export interface HistoryLabels {
  /** Titles of actions beyond create/update/delete: a lifecycle's `验车`, `出库`… */
  actions?: Readonly<Record<string, string>>;
  /** Titles of changed keys that are not fields of the resource. */
  fields?: Readonly<Record<string, { title: string } & Partial<Pick<FieldDef, 'kind' | 'enumDef'>>>>;
}

export interface HistoryChange {
  key: string;
  title: string;
  /** null when the field was set for the first time. */
  from: string | null;
  to: string;
}

export const crudActionTitles: Readonly<Record<string, string>> = { create: '新增', update: '编辑', delete: '删除' };

/** An entry's action title and its changes with field titles and shown values. */
export function describeEntry(resource: Resource, entry: HistoryEntry, labels: HistoryLabels = {}) {
  const action = labels.actions?.[entry.action] ?? crudActionTitles[entry.action] ?? entry.action;
  const changes = Object.entries(entry.changes ?? {}).map(([key, { from, to }]): HistoryChange => {
    const def = resource.fields[key] ?? labels.fields?.[key];
    return {
      key,
      title: def ? displayTitle(def) : key,
      from: from === null || from === undefined ? null : formatPlain(def, from),
      to: formatPlain(def, to),
    };
  });
  return { action, changes };
}
