import { type FieldDef, type Resource, refNameOf } from '@cp/contracts';
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

/** How one field of a resource becomes a cell: labels for enumerations, yuan for fen, Beijing time. */
function cellOf(name: string, def: FieldDef): (row: Row) => string | number | null {
  switch (def.kind) {
    case 'enum':
      return (row) => def.enumDef?.label(row[name] as number) ?? '';
    case 'boolean':
      return (row) => (row[name] == null ? '' : row[name] ? '是' : '否');
    case 'money':
      return (row) => (row[name] == null ? null : Number(row[name]) / 100);
    case 'integer':
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

/** A column's header: a money field declared `费用（分）` is written in yuan, so it is headed `费用（元）`. */
const headerOf = (def: FieldDef) => (def.kind === 'money' ? def.title.replace('（分）', '（元）') : def.title);

/** The column a field's kind asks for (numbers for money, date cells for dates), its width and kind. */
function columnOf(header: string, def: FieldDef): ExportColumn<Row> {
  switch (def.kind) {
    case 'money':
      return column.decimal<Row>(header, () => null);
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
    const header = headerOf(def);
    return { ...columnOf(header, def), value: cellOf(name, def) };
  });
}
