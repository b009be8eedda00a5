import type { Screen, Transition } from '@cp/contracts';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../auth/access';
import { rowName } from './ActionDialog';
import type { WebFamily } from './family';
import type { ResourceRecord } from './types';

/** The actions a screen offers on many selected rows: its lifecycle actions declared bulk whose button the user holds. */
function bulkActions(family: WebFamily, screen: Screen, hasButton: (key: string) => boolean): Transition[] {
  const lifecycle = family.resource.lifecycle;
  if (!lifecycle) return [];
  return lifecycle.bulk.filter(
    (transition) => screen.actions.includes(transition.action) && hasButton(transition.button),
  );
}

/** Whether a row's state lets `transition` start from it. */
export function allows(family: WebFamily, transition: Transition, record: ResourceRecord): boolean {
  const field = family.resource.lifecycle?.field ?? '';
  return transition.from.includes(Number(record[field]));
}

export interface BulkSelection {
  actions: Transition[];
  /** The selected rows, in the order of the page. */
  selected: ResourceRecord[];
  clear(): void;
  /** The table's checkboxes; undefined when the screen offers no bulk action to this user. */
  rowSelection: TableProps<ResourceRecord>['rowSelection'];
}

/**
 * Row selection for a screen's bulk actions. A row is selectable when one of the actions may start from its
 * state; the selection belongs to the page it was made on: another page, filter, tab or order clears it
 * (`listKey`, the list's query), so 已选 N 项 never counts rows out of sight.
 */
export function useBulkSelection(
  family: WebFamily,
  screen: Screen,
  rows: readonly ResourceRecord[],
  listKey: string,
): BulkSelection {
  const { hasButton } = useAccess();
  const actions = useMemo(() => bulkActions(family, screen, hasButton), [family, screen, hasButton]);
  const [chosen, setChosen] = useState<{ listKey: string; ids: string[] }>({ listKey, ids: [] });
  const ids = chosen.listKey === listKey ? chosen.ids : [];
  const selected = rows.filter((row) => ids.includes(row.id));
  const clear = () => setChosen({ listKey, ids: [] });
  const rowSelection: TableProps<ResourceRecord>['rowSelection'] =
    actions.length === 0
      ? undefined
      : {
          selectedRowKeys: selected.map((row) => row.id),
          fixed: 'left',
          columnWidth: 40,
          onChange: (keys) => setChosen({ listKey, ids: keys.map(String) }),
          getCheckboxProps: (record) => ({
            disabled: !actions.some((transition) => allows(family, transition, record)),
            'aria-label': `选择 ${rowName(family.resource, record)}`,
          }),
        };
  return { actions, selected, clear, rowSelection };
}
