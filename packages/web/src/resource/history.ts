import { buttonTitle, type FieldDef, type Resource } from '@cp/contracts';
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

export const crudActionTitles: Readonly<Record<string, string>> = {
  create: '新增',
  update: '编辑',
  delete: '删除',
  import: '导入',
};

/** An audit action's title: given, a standard one, the lifecycle's, or the title of the page's button of that name. */
function actionTitle(resource: Resource, action: string, given?: Readonly<Record<string, string>>): string {
  return (
    given?.[action] ??
    crudActionTitles[action] ??
    resource.lifecycle?.transitions.find((transition) => transition.action === action)?.title ??
    buttonTitle(`${resource.page}:${action}`) ??
    action
  );
}

/** An entry's action title and its changes with field titles and shown values. */
export function describeEntry(resource: Resource, entry: HistoryEntry, labels: HistoryLabels = {}) {
  const action = actionTitle(resource, entry.action, labels.actions);
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
