import { z } from 'zod';
import type { EnumDef } from '../enums';
import { beijingDay, calendarDate, idText, moment, text } from '../values';
import { type MoneyPresentation, yuanText } from './money';
import { isMaskedValue, type SensitiveKind } from './sensitive';

export type FilterMode = 'eq' | 'like' | 'in' | 'range';

export type FieldKind =
  | 'text'
  | 'richText'
  | 'integer'
  | 'money'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'enums'
  | 'boolean'
  | 'ref'
  | 'refs'
  | 'files'
  | 'tags'
  | 'items';

const listKinds: ReadonlySet<FieldKind> = new Set(['refs', 'enums', 'files', 'tags', 'items']);

/** Kinds whose value is a list: sent as `[]` when empty, never null. */
export const isListKind = (kind: FieldKind) => listKinds.has(kind);

/** How an imported column of a field reads: its header (the field's title by default), an example, a note. */
export interface ImportColumn {
  header?: string;
  example?: string;
  note?: string;
}

/** One field of a resource, declared once: it drives validation, list, filters, form, detail, import and export. */
export interface FieldDef<T = unknown, K extends FieldKind = FieldKind> {
  kind: K;
  title: string;
  /** Validates the value in create/update input. */
  input: z.ZodType<T>;
  required: boolean;
  /** A column of the list. */
  list: boolean;
  sortable: boolean;
  filter?: FilterMode;
  /**
   * false: a filter the search panel does not offer, set by links only — a related list's 查看全部 lands on
   * its screen filtered by the parent row (`vehicleId`).
   */
  panel?: false;
  /** Editable in the create/edit form. */
  form: boolean;
  /**
   * false: saved with the form but never one of its controls — set by the page that opened the form (a
   * driver's 来源线索, when 激活 of a lead opens 新增网约车司机).
   */
  control?: false;
  /** Set when the row is created, never changed after (a login id). */
  createOnly: boolean;
  /** A column of the export (defaults to `list`). */
  export: boolean;
  /** Shown on the detail view; false for a filter that is not a column of the row. */
  detail: boolean;
  /** No two rows share a value (a unique index enforces it; the kit answers `…已存在`). */
  unique: boolean;
  /** A column of the resource's import template, when the resource is imported. */
  import?: ImportColumn;
  enumDef?: EnumDef<number>;
  /** For `ref` and `refs` fields: the lookup that names the referenced row (`company`, `city`, `model`…). */
  lookup?: string;
  /** Placeholder / help text in the form: what to type. */
  hint?: string;
  /**
   * A personal number (`idCard`, `bankCard`): every answer of the API masks it (`1101**********1234`), the
   * page's `…:viewSensitive` button shows it whole (audited), and an edit sending the masked value back keeps
   * the stored one.
   */
  sensitive?: SensitiveKind;
  /** Placeholder of the search panel's filter, when searching differs from typing a value (`输入完整号码或尾号`). */
  searchHint?: string;
  /** For `files` fields: what may be uploaded — extensions (an empty list: any), size in MB, how many. */
  upload?: FileFieldLimits;
  /** For signed `money` fields: the words a negative amount reads in (`应退 ¥4,030.00`), see `formatYuan`. */
  negativeAs?: string;
  /** An `integer` field holding a row's id (`parentId`): filtered as a number, sent as a string like every id. */
  isId?: true;
  /** An `integer` field holding a rate in basis points (2250 = 22.5%): typed, shown and exported as a percentage. */
  percent?: true;
}

export interface FileFieldLimits {
  accept: readonly string[];
  maxSizeMb?: number;
  maxFiles: number;
}

type Options = Partial<
  Omit<FieldDef, 'kind' | 'title' | 'input' | 'enumDef' | 'import' | 'upload' | 'negativeAs' | 'isId' | 'percent'>
> & {
  /** `true` or how the column reads in the import template. */
  import?: boolean | ImportColumn;
};

function field<T, K extends FieldKind>(
  kind: K,
  title: string,
  input: z.ZodType<T>,
  options: Options = {},
): FieldDef<T, K> {
  const list = options.list ?? true;
  const imported = options.import === true ? {} : options.import || undefined;
  return {
    kind,
    title,
    input,
    required: options.required ?? false,
    list,
    sortable: options.sortable ?? false,
    form: options.form ?? true,
    createOnly: options.createOnly ?? false,
    export: options.export ?? list,
    detail: options.detail ?? true,
    unique: options.unique ?? false,
    ...(imported ? { import: imported } : {}),
    ...(options.filter ? { filter: options.filter } : {}),
    ...(options.panel === false ? { panel: false as const } : {}),
    ...(options.control === false ? { control: false as const } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.hint ? { hint: options.hint } : {}),
    ...(options.searchHint ? { searchHint: options.searchHint } : {}),
    ...(options.sensitive ? { sensitive: options.sensitive } : {}),
  };
}

/**
 * What a field holds as a family's server hooks read it: a reference's id as a number (`fromInput`), several
 * as numbers, every other kind as its input schema gives it — amounts in fen, days and moments as text.
 */
export type FieldValue<D> = D extends { kind: 'ref' }
  ? number
  : D extends { kind: 'refs' | 'enums' }
    ? number[]
    : D extends FieldDef<infer T>
      ? T
      : unknown;

/** A row as the database gives it back: as `FieldValue`, but a moment is a Date. */
export type StoredValue<D> = D extends { kind: 'datetime' } ? Date : FieldValue<D>;

/**
 * The values of a resource's fields a hook is given (`prepare`, `insert`…): each one may be missing (an edit
 * leaving it out) or empty. Columns that are not fields (what a hook derives) are still readable, as unknown.
 */
export type FieldValues<F extends Record<string, FieldDef>> = { [K in keyof F]?: FieldValue<F[K]> | null } & Record<
  string,
  unknown
>;

/** A saved row of a resource, as a hook reads it (`before`, an action's row): its fields typed, other columns unknown. */
export type StoredRow<F extends Record<string, FieldDef>> = { [K in keyof F]?: StoredValue<F[K]> | null } & Record<
  string,
  unknown
>;

/** A mainland mobile number: 1, then 3–9, then nine digits. */
export const mobileProblem = (value: string) =>
  /^1[3-9]\d{9}$/.test(value) ? null : '应为1开头的11位数字，如13800138000';

const titled = <S extends z.ZodType>(schema: S, title: string) => schema.meta({ title });

/**
 * An amount in fen in a request body or a field (`.meta({ money: true })`: forms ask for it in yuan): whole
 * fen, between `min` (0 by default; 1 for 应大于0) and `max` (1,000,000 yuan by default), its bounds worded
 * in yuan, for people type yuan.
 */
export function moneyAmount(title: string, { min = 0, max = 100_000_000 }: { min?: number; max?: number } = {}) {
  return z
    .number()
    .int('金额最多两位小数')
    .min(min, min === 1 ? '应大于0' : `不能小于${yuanText(min)}元`)
    .max(max, `不能大于${yuanText(max)}元`)
    .meta({ title, money: true, description: `${title}，单位：分` });
}

export const fields = {
  text(title: string, options: Options & { max?: number; check?: (value: string) => string | null } = {}) {
    let schema = text()
      .trim()
      .max(options.max ?? 100);
    if (options.required) schema = schema.min(1, '不能为空');
    const { check, sensitive } = options;
    // A masked value sent back unchanged is the stored one: the server keeps it (or refuses a new row's).
    const input = check
      ? schema.superRefine((value, ctx) => {
          const problem = value === '' || (sensitive && isMaskedValue(sensitive, value)) ? null : check(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
      : schema;
    return field('text', title, titled(input, title), options);
  },
  /** A colour as `#RRGGBB` (a tag's, a label's): text of seven characters. */
  color(title: string, options: Options = {}) {
    const hex = (value: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? null : '请填写#开头的6位十六进制颜色，如#FF7A00');
    return fields.text(title, { max: 7, check: hex, ...options });
  },
  /**
   * A mobile number: the form asks for 11 digits, a `like` filter finds a whole number or its last digits
   * (`searchHint`), each placeholder saying so.
   */
  mobile(title: string, options: Options = {}) {
    const searchHint = options.filter === 'like' ? { searchHint: '输入完整号码或尾号' } : {};
    return fields.text(title, { hint: '请输入11位手机号', ...searchHint, ...options, max: 11, check: mobileProblem });
  },
  integer(title: string, options: Options & { min?: number; max?: number } = {}) {
    const input = z
      .number()
      .int()
      .min(options.min ?? 0)
      .max(options.max ?? 2_000_000_000);
    return field('integer', title, titled(input, title), options);
  },
  /**
   * A rate as an integer of basis points (a platform's 27% commission cap is 2700): no floating point in the
   * database; people type and read it as a percentage with two decimals, bounded by 0% and 100%.
   */
  percent(title: string, options: Options = {}) {
    const input = z
      .number()
      .int('最多两位小数')
      .min(0, '不能小于0%')
      .max(10_000, '不能大于100%')
      .meta({ title, description: `${title}，单位：基点（万分之一）` });
    return { ...field('integer', title, input, options), percent: true as const };
  },
  /**
   * Amounts in fen (integer cents): no floating-point money anywhere; titled without a unit, as people meet
   * it in yuan (`money.ts`). `signed`: an amount that may be negative, with how a negative one reads —
   * `balance` for a balance owed either way (a settlement's total: `应退 ¥4,030.00`). `positive`: at least one
   * fen (`应大于0`) — money received, a rent, a price: a zero one is a mistake nobody can confirm later.
   */
  money(title: string, options: Options & { signed?: true | MoneyPresentation; positive?: true } = {}) {
    const { signed, positive, ...rest } = options;
    const limit = 100_000_000_000;
    const input = moneyAmount(title, { min: signed ? -limit : positive ? 1 : 0, max: limit });
    const def = field('money', title, input, rest);
    const negativeAs = typeof signed === 'object' ? signed.negativeAs : undefined;
    return negativeAs ? { ...def, negativeAs } : def;
  },
  /**
   * `notBeforeToday`: a day still to come or today, by Beijing's calendar (an offer's validity);
   * `notAfterToday`: today or a day past (money received).
   */
  date(title: string, options: Options & { notBeforeToday?: boolean; notAfterToday?: boolean } = {}) {
    const input = options.notBeforeToday
      ? calendarDate().refine((value) => value >= beijingDay(new Date()), '不能早于今天')
      : options.notAfterToday
        ? calendarDate().refine((value) => value <= beijingDay(new Date()), '不能晚于今天')
        : calendarDate();
    return field('date', title, titled(input, title), options);
  },
  /** `notAfterNow`: a moment that has happened (a violation), with a minute's grace for clocks that differ. */
  datetime(title: string, options: Options & { notAfterNow?: boolean } = {}) {
    const input = options.notAfterNow
      ? moment().refine((value) => Date.parse(value) <= Date.now() + 60_000, '不能晚于当前时间')
      : moment();
    return field('datetime', title, titled(input, title), options);
  },
  enumOf<V extends number>(enumDef: EnumDef<V>, options: Options & { title?: string } = {}) {
    const title = options.title ?? enumDef.title;
    const def = field('enum', title, titled(enumDef.schema, title), options);
    return { ...def, enumDef: enumDef as EnumDef<number> };
  },
  /** Several values of an enumeration (an order's 商务约定事项), kept as a set: no repeats, in order. */
  enumsOf<V extends number>(enumDef: EnumDef<V>, options: Options & { title?: string } = {}) {
    const title = options.title ?? enumDef.title;
    const values = z.array(enumDef.schema).max(enumDef.options.length);
    const input = options.required ? values.min(1, '至少选择一项') : values;
    const def = field('enums', title, titled(input, title), { list: false, ...options });
    return { ...def, enumDef: enumDef as EnumDef<number> };
  },
  /**
   * The id of the parent row a record belongs to (an allocation's payment, a receivable's order): a filter
   * only links set (a related list, 查看全部), not a column, a form field or a search panel entry.
   */
  parentId(title: string) {
    const def = fields.integer(title, {
      form: false,
      filter: 'eq',
      panel: false,
      list: false,
      max: Number.MAX_SAFE_INTEGER,
    });
    return { ...def, isId: true as const };
  },
  boolean(title: string, options: Options = {}) {
    return field('boolean', title, titled(z.boolean(), title), options);
  },
  /** The id of a row of `lookup`; the server checks it exists in the branch company before saving. */
  ref(title: string, lookup: string, options: Options = {}) {
    return field('ref', title, titled(idText, title), { ...options, lookup });
  },
  /** Ids of several rows of `lookup` (a user's roles). */
  refs(title: string, lookup: string, options: Options & { max?: number } = {}) {
    const ids = z.array(idText).max(options.max ?? 50);
    const input = options.required ? ids.min(1, '至少选择一项') : ids;
    return field('refs', title, titled(input, title), { list: false, ...options, lookup });
  },
  /**
   * Locations of uploaded files. `accept` (extensions) and `maxSizeMb` limit what the form uploads, and the
   * server checks each saved file's extension against `accept` too.
   */
  files(title: string, options: Options & { max?: number; accept?: readonly string[]; maxSizeMb?: number } = {}) {
    const { accept = [], maxSizeMb, max = 20, ...rest } = options;
    const locations = z.array(text().min(1).max(300)).max(max, `最多${max}个文件`);
    const input = options.required ? locations.min(1, '请上传') : locations;
    const upload: FileFieldLimits = { accept, maxFiles: max, ...(maxSizeMb ? { maxSizeMb } : {}) };
    const def = field('files', title, titled(input, title), { list: false, ...rest });
    return { ...def, upload };
  },
  /**
   * A list of small records entered with the row (an incentive's participants): each checked by `item`. The
   * family keeps them (its `insert`) and shows them (a detail section); its web form gives the control.
   */
  items<S extends z.ZodObject>(title: string, item: S, options: Options & { min?: number; max?: number } = {}) {
    const input = z
      .array(item)
      .min(options.min ?? 0, `至少${options.min ?? 0}项`)
      .max(options.max ?? 200, `最多${options.max ?? 200}项`);
    return field('items', title, titled(input, title), { list: false, detail: false, ...options });
  },
  /**
   * Formatted text (an article's body) as HTML: the form gives a rich-text editor, the detail view shows it,
   * and the server keeps only what `richTextPolicy` allows — on create, edit and import alike, whatever the
   * client sent (`api/src/resource/rich-text.ts`). `max` bounds the HTML, tags included; `required` wants
   * some words or a picture, not an empty paragraph.
   */
  richText(title: string, options: Options & { max?: number } = {}) {
    const max = options.max ?? richTextMaxLength;
    const html = text().refine((value) => richTextLength(value) <= max, `内容过长，不能超过${max}个字符（含排版）`);
    const input = options.required ? html.refine((value) => !isBlankHtml(value), '不能为空') : html;
    return field('richText', title, titled(input, title), { list: false, export: false, ...options });
  },
  tags(title: string, options: Options = {}) {
    const input = z.array(text().trim().min(1).max(20)).max(20);
    return field('tags', title, titled(input, title), options);
  },
};

/**
 * The lookup an item's id field picks from: its schema's `.meta({ lookup })`, a lookup key, or one chosen by
 * a sibling field's value (`{ by: 'personKind', lookups: { 1: 'driver', 2: 'user' } }`). Undefined when the
 * field names no lookup or the sibling's value has none.
 */
export function itemLookup(item: z.ZodObject, field: string, values: Readonly<Record<string, unknown>>) {
  const meta = (item.shape[field] as z.ZodType | undefined)?.meta()?.lookup as
    | string
    | { by: string; lookups: Record<string, string> }
    | undefined;
  if (typeof meta === 'string' || meta === undefined) return meta;
  return meta.lookups[String(values[meta.by])];
}

/** The length a rich-text field's HTML may have by default: a long article with its formatting. */
export const richTextMaxLength = 50_000;

/**
 * How long rich text counts: its HTML, tags included, but a pasted picture's `data:` bytes not — the server
 * stores them as a file and keeps a short link in their place.
 */
export const richTextLength = (html: string) => html.replace(/data:[^"'\s>]*/g, 'data:').length;

/** Where the rich-text editor uploads the pictures it inserts (public files, served by the console). */
export const richTextImageUpload = '/api/gateway/storage/image/content';

/** The words of rich text without its formatting (a history line, a cell): tags gone, spaces collapsed. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** HTML with neither words nor a picture in it (`<p></p>`, `<p><br></p>`, what an emptied editor leaves). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return plainTextOf(html) === '';
}

/**
 * What rich text may hold, the one allow-list the server keeps and the editor produces: headings, paragraphs,
 * emphasis, lists, quotes, links (http, https, mailto) and images (the console's own files). Everything else —
 * scripts, styles, frames, event handlers, `javascript:` — is dropped by the server.
 */
export const richTextPolicy = {
  tags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
  ],
  attributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], ol: ['start'] },
  linkSchemes: ['http', 'https', 'mailto'],
} as const;

/** A rate in basis points as people read it: 2250 → `22.50%`. */
export const formatPercent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;

/** `cityId` → `cityName`, `roleIds` → `roleNames`: where an answer carries the names of referenced rows. */
export function refNameOf(field: string): string {
  if (field.endsWith('Ids')) return `${field.slice(0, -3)}Names`;
  return `${field.replace(/Id$/, '')}Name`;
}

/**
 * An enumeration as a field of an action's body (催收方式 of 催收): its values checked, its title and options
 * carried so the generated dialog offers the labels.
 */
export function enumInput<V extends number>(enumDef: EnumDef<V>, title: string = enumDef.title) {
  return enumDef.schema.meta({ title, options: enumDef.options });
}
