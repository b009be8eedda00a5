import {
  type FieldDef,
  formatPercent,
  formatYuan,
  type MoneyPresentation,
  plainTextOf,
  titleInYuan,
} from '@cp/contracts';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { emptyText } from './emptyText';
import { fileNamesOf } from './fileNames';
import { RichTextView } from './richText/RichTextView';
import { StatusTag } from './StatusTag';
import { StoredFileList } from './StoredFileList';
import { refNameOf } from './types';

export { emptyText };

/** A field's title as columns, details, filters and history show it: money is titled without a unit, its cells say ¥. */
export function displayTitle(def: { kind?: FieldDef['kind']; title: string }): string {
  return def.title;
}

/** The label of a form field: money is typed in yuan, a rate in percent. */
export function formTitle(def: Pick<FieldDef, 'kind' | 'title' | 'percent'>): string {
  if (def.percent) return `${def.title}（%）`;
  return def.kind === 'money' ? titleInYuan(def.title) : def.title;
}

/** 1234567 fen → `¥12,345.67`; a negative balance in its words (`应退 ¥4,030.00`, contracts' `formatYuan`). */
export function formatMoney(fen: number, presentation?: MoneyPresentation): string {
  return formatYuan(fen, presentation);
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value as text, for history entries and plain cells: enumeration labels, yuan, local dates. */
export function formatPlain(
  def: Partial<Pick<FieldDef, 'kind' | 'enumDef' | 'negativeAs' | 'percent'>> | undefined,
  value: unknown,
): string {
  if (isEmpty(value)) return emptyText;
  // A list of small records (fields.items) is shown by its own section; as a value it reads as a count.
  if (def?.kind === 'items' && Array.isArray(value)) return `${value.length}项`;
  if (Array.isArray(value)) return value.map((item) => formatPlain(def, item)).join('、');
  // A record parsed from JSON may have no prototype: String() of it throws rather than printing.
  if (typeof value === 'object') return JSON.stringify(value);
  if (def?.enumDef && typeof value === 'number') return def.enumDef.label(value) || String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (def?.percent && typeof value === 'number') return formatPercent(value);
  switch (def?.kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, { negativeAs: def.negativeAs }) : String(value);
    case 'date':
      return dayjs(String(value)).format('YYYY-MM-DD');
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss');
    case 'files':
      return String(value).split('/').at(-1) ?? String(value);
    // Rich text read as plain text (a cell, a history line): its words without the formatting.
    case 'richText':
      return plainTextOf(String(value));
    default:
      return String(value);
  }
}

/**
 * A field of a row as the list and the detail view show it; a reference shows the name the API sent, a status
 * its tag. A value with a `link` (a reference's detail page, `useRefLinks`) is a link there.
 */
export function renderValue(name: string, def: FieldDef, record: Record<string, unknown>, link?: string): ReactNode {
  const value = record[name];
  if (link && !isEmpty(value)) return <Link to={link}>{renderValue(name, def, record)}</Link>;
  if (def.kind === 'ref') {
    const label = record[refNameOf(name)];
    return typeof label === 'string' && label !== '' ? label : formatPlain(def, value);
  }
  if (def.kind === 'refs') {
    const labels = record[refNameOf(name)];
    return Array.isArray(labels) && labels.length > 0 ? labels.join('、') : formatPlain(def, value);
  }
  if (isEmpty(value)) return emptyText;
  // A status shows as a tag coloured by its meaning, the same in every list, detail and record.
  if (def.kind === 'enum' && def.enumDef?.status && typeof value === 'number') {
    return <StatusTag enumDef={def.enumDef} value={value} />;
  }
  if (def.kind === 'tags' && Array.isArray(value)) {
    return (
      <Space size={[0, 4]} wrap>
        {value.map((tag) => (
          <Tag key={String(tag)} color="orange">
            {String(tag)}
          </Tag>
        ))}
      </Space>
    );
  }
  if (def.kind === 'richText' && typeof value === 'string') return <RichTextView html={value} />;
  if (def.kind === 'files' && Array.isArray(value)) {
    return <StoredFileList files={value.map(String)} names={fileNamesOf(record)} />;
  }
  return formatPlain(def, value);
}
