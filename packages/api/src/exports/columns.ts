import { type EnumDef, titleInYuan } from '@cp/contracts';
import type { CellKind, CellValue } from '../xlsx/writer';

/** One column of an export: its Chinese header and how a row becomes the cell. */
export interface ExportColumn<Row> {
  header: string;
  /** Width in characters. */
  width?: number;
  /** The cell's text (Beijing wall-clock time) is written as a real date or date-time cell; money with ¥. */
  kind?: CellKind;
  value(row: Row): CellValue;
}

const beijingOffsetMs = 8 * 3600_000;

/** Fen as yuan: 123456 → 1234.56 (the shortest decimal of the quotient, never 1234.5600000000001). */
const yuanOf = (fen: number) => Math.round(fen) / 100;

/** `2025-06-01 08:30:00` in Beijing time (no daylight saving), fast enough for a million rows. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return '';
  const iso = new Date(time + beijingOffsetMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export const formatDate = (value: Date | string | null | undefined) => formatDateTime(value).slice(0, 10);

type Get<Row, T> = (row: Row) => T;

/** Column builders: `text('角色名称', (role) => role.name)`, `enumLabel('订单状态', enums.leaseOrderStatus, …)`. */
export const column = {
  text: <Row>(header: string, get: Get<Row, string | null | undefined>, width?: number): ExportColumn<Row> => ({
    header,
    width,
    value: (row) => get(row) ?? '',
  }),
  number: <Row>(header: string, get: Get<Row, number | null | undefined>, width = 12): ExportColumn<Row> => ({
    header,
    width,
    value: (row) => get(row),
  }),
  /**
   * An amount kept in fen, written as a number in yuan with the ¥ format (`¥1,234.56`), so Excel sums it;
   * headed in yuan (`应收（元）`).
   */
  money: <Row>(header: string, get: Get<Row, string | number | null | undefined>, width = 16): ExportColumn<Row> => ({
    header: titleInYuan(header),
    width,
    kind: 'money',
    value: (row) => {
      const fen = get(row);
      return fen === null || fen === undefined || fen === '' ? null : yuanOf(Number(fen));
    },
  }),
  /** The label of an enumeration value (SPEC §3), never the number. */
  enumLabel: <Row>(
    header: string,
    enumeration: EnumDef<number>,
    get: Get<Row, number | null | undefined>,
    width = 12,
  ): ExportColumn<Row> => ({ header, width, value: (row) => enumeration.label(get(row)) }),
  dateTime: <Row>(header: string, get: Get<Row, Date | string | null | undefined>): ExportColumn<Row> => ({
    header,
    width: 20,
    kind: 'dateTime',
    value: (row) => formatDateTime(get(row)),
  }),
  date: <Row>(header: string, get: Get<Row, Date | string | null | undefined>): ExportColumn<Row> => ({
    header,
    width: 12,
    kind: 'date',
    value: (row) => formatDate(get(row)),
  }),
  list: <Row>(header: string, get: Get<Row, readonly string[] | null | undefined>, width = 30): ExportColumn<Row> => ({
    header,
    width,
    value: (row) => (get(row) ?? []).join('、'),
  }),
};
