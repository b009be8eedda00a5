import type { FieldDef, FieldKind, Resource } from '@cp/contracts';
import { type TableColumnsType, Tooltip } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import type { SortState } from '../widgets';
import { displayTitle, formatPlain, renderValue } from './format';
import type { FieldLink } from './refLinks';
import { pickFields, type ResourceRecord, refNameOf } from './types';

export interface ColumnOptions {
  /** Columns in this order instead of the resource's list fields. */
  only?: readonly string[];
  /** The list's current server sort, so the sorted column shows its arrow. */
  sort?: SortState | null;
  /** The column pinned to the left: the identity naming each row. */
  pinned?: string;
  /** Widths that replace those of the fields' kinds. */
  widths?: Readonly<Record<string, number>>;
  /** Where a cell's value links (a reference's detail page, `useRefLinks`). */
  link?: FieldLink | undefined;
  /** Cells of the family's own, by field (a to-do task's 审批事项). */
  cells?: Readonly<Record<string, (record: ResourceRecord) => ReactNode>>;
}

/** What a cell of each kind needs, in pixels: a date, a moment, an amount in yuan, an enumeration's label. */
const kindWidths: Record<FieldKind, number> = {
  text: 160,
  richText: 240,
  integer: 100,
  money: 130,
  date: 110,
  datetime: 170,
  enum: 100,
  enums: 200,
  boolean: 72,
  ref: 180,
  refs: 180,
  files: 200,
  tags: 180,
  items: 200,
};

/** Pixels of text at the table's 14 px: a Chinese character is a square, a letter or digit about 9 px. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) width += (character.codePointAt(0) ?? 0) < 0x100 ? 9 : 14;
  return width;
}

/**
 * A text column as wide as the longest value the field takes, within reason; the rest is an ellipsis. The
 * padding leaves room for a Chinese character among the letters (a plate: 京AD12345).
 */
function textColumnWidth(def: FieldDef): number {
  const max = (def.input as { maxLength?: number | null }).maxLength;
  return max ? Math.min(220, Math.max(96, max * 9 + 44)) : kindWidths.text;
}

/** A column's width: what its values need by kind, never narrower than its title (with the sort arrows). */
function columnWidth(def: FieldDef): number {
  const content = def.kind === 'text' ? textColumnWidth(def) : kindWidths[def.kind];
  const title = textWidth(displayTitle(def)) + 34 + (def.sortable ? 26 : 0);
  return Math.max(content, title);
}

/**
 * Kinds whose values may be longer than their column: they end in an ellipsis and show whole in a tooltip —
 * a long label (浮动租金（分润）) too, so no cell wraps and every row keeps one height.
 */
const clipped = new Set<FieldKind>(['text', 'ref', 'refs', 'tags', 'files', 'enums', 'enum']);

/** The whole value of a cell as text, for its tooltip. */
function plainValue(name: string, def: FieldDef, record: ResourceRecord): string {
  if (def.kind === 'ref' || def.kind === 'refs') {
    const names = record[refNameOf(name)];
    if (typeof names === 'string' && names !== '') return names;
    if (Array.isArray(names) && names.length > 0) return names.join('、');
  }
  return formatPlain(def, record[name]);
}

/** The header cell names its column, so tests and people's tools can find it whatever its title. */
const headerOf = (name: string) => () => ({ 'data-column': name }) as HTMLAttributes<HTMLElement>;

/**
 * The table columns of a resource's list fields: enumeration labels, the names of referenced rows, yuan,
 * local dates, tags; each as wide as its kind needs, long values cut with an ellipsis and shown whole on
 * hover; sortable fields sort on the server; the identity pinned to the left.
 */
export function buildColumns<T extends ResourceRecord = ResourceRecord>(
  resource: Resource,
  { only, sort, pinned, widths = {}, link, cells = {} }: ColumnOptions = {},
): TableColumnsType<T> {
  const entries = pickFields(resource, only).filter(([, def]) => only || def.list);
  const shown = (name: string, def: FieldDef, record: T) =>
    cells[name]?.(record) ?? renderValue(name, def, record, link?.(name, record));
  return entries.map(([name, def]) => ({
    key: name,
    dataIndex: name,
    title: displayTitle(def),
    width: widths[name] ?? columnWidth(def),
    align: def.kind === 'money' || def.kind === 'integer' ? 'right' : undefined,
    onHeaderCell: headerOf(name),
    ...(name === pinned ? { fixed: 'left' as const } : {}),
    ...(clipped.has(def.kind)
      ? {
          ellipsis: { showTitle: false },
          render: (_: unknown, record: T) => (
            <Tooltip title={plainValue(name, def, record)} placement="topLeft" mouseEnterDelay={0.4}>
              <span>{shown(name, def, record)}</span>
            </Tooltip>
          ),
        }
      : { render: (_: unknown, record: T) => shown(name, def, record) }),
    ...(def.sortable
      ? {
          sorter: true,
          sortOrder: sort?.field === name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
          sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
        }
      : {}),
  }));
}
