import { type FieldDef, formatPercent, type Resource, refNameOf } from '@cp/contracts';
import { column, type ExportColumn, formatDate, formatDateTime } from './columns';

type Row = Record<string, unknown>;

const names = (value: unknown) =>
  Array.isArray(value)
    ? value
        .map((item) =>
          typeof item === 'string' ? item : ((item as { attachmentName?: string })?.attachmentName ?? ''),
        )
        .filter(Boolean)
        .join('、')
    : '';

/** How one field of a resource becomes a cell: labels for enumerations, Beijing time (money: `column.money`). */
function cellOf(name: string, def: FieldDef): (row: Row) => string | number | null {
  switch (def.kind) {
    case 'enum':
      return (row) => def.enumDef?.label(row[name] as number) ?? '';
    case 'boolean':
      return (row) => (row[name] == null ? '' : row[name] ? '是' : '否');
    case 'integer':
      // A rate in basis points reads as the percentage it is (`22.50%`).
      if (def.percent) return (row) => (row[name] == null ? '' : formatPercent(Number(row[name])));
      return (row) => (row[name] == null ? null : Number(row[name]));
    case 'date':
      return (row) => formatDate(row[name] as Date | string | null);
    case 'datetime':
      return (row) => formatDateTime(row[name] as Date | string | null);
    // A reference shows the referenced row's name, which lists carry as `modelName` beside `modelId`.
    case 'ref':
      return (row) => String(row[refNameOf(name)] ?? '');
    case 'refs':
      return (row) => names(row[refNameOf(name)]);
    case 'enums':
      return (row) => ((row[name] as number[] | null) ?? []).map((value) => def.enumDef?.label(value) ?? '').join('、');
    case 'files':
    case 'tags':
      return (row) => names(row[name]);
    default:
      return (row) => (row[name] == null ? '' : String(row[name]));
  }
}

/** The column a field's kind asks for (date cells for dates), its width and kind. */
function columnOf(header: string, def: FieldDef): ExportColumn<Row> {
  switch (def.kind) {
    case 'date':
      return column.date<Row>(header, () => null);
    case 'datetime':
      return column.dateTime<Row>(header, () => null);
    default:
      return column.text<Row>(header, () => '');
  }
}

/** The export columns of a resource: its `export` fields, in declaration order, titled in Chinese. */
export function resourceExportColumns(resource: Resource): ExportColumn<Row>[] {
  return resource.exportColumns.map(({ name, def }) => {
    // Money is a number in yuan with the ¥ format, headed `费用（元）`, so Excel sums it.
    if (def.kind === 'money') return column.money<Row>(def.title, (row) => row[name] as number | null);
    return { ...columnOf(def.title, def), value: cellOf(name, def) };
  });
}
