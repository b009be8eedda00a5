import type { FieldValues, Resource, Screen, StoredRow } from '@cp/contracts';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type IndexedColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db';
import type { SessionContext } from '../identity/sessions';
import type { Columns } from './query';

export type Row = Record<string, unknown>;
export type FamilyTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/** What a write sees: its transaction, who asks, and a few services that outlive a single step. */
export interface WriteContext {
  db: Db;
  tx: Tx;
  request: FastifyRequest;
  auth: SessionContext;
  /** Runs once the transaction has committed, before the write answers (dropping cached sessions everywhere). */
  afterCommit(task: () => void | Promise<void>): void;
  /** Runs when the write's work is done, in its transaction, before it commits (counts gathered along the way). */
  beforeCommit(task: () => Promise<void>): void;
  /** Fields the answer carries besides the row: a one-time password. */
  answer: Row;
  /** A value worked out once per write (an import's thousand rows ask for the same vehicle's plate). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** Columns of another table shown with each row: a record's vehicle (plate, VIN), an account's user. */
interface ParentSpec {
  table: PgTable;
  /** The row's column pointing at the parent (`vehicleId`). */
  via: PgColumn;
  /** The parent's id column. */
  id: PgColumn;
  /** Parent columns by field name. */
  columns: Record<string, PgColumn>;
}

/** A `refs` field kept in a link table (an account's roles). */
export interface LinkSpec {
  table: PgTable;
  /** The link's column naming the row. */
  own: PgColumn;
  /** The link's column naming the referenced row. */
  other: PgColumn;
  /** Other columns a new link needs (its tenant). */
  values?(ctx: WriteContext): Row;
}

/**
 * What a lifecycle action does on the server besides checking and moving the state, given the row as saved
 * (`Saved`: its fields typed) and the action's checked body (`Body`: its schema's output).
 */
export interface ActionImpl<Saved extends Row = Row, Body extends Row = Row> {
  /** Writes the action's own records; its answer is the action's (a new record's id). */
  run?(ctx: WriteContext, row: Saved, body: Body): Promise<Row | null>;
  /** Columns of the row the action sets besides the state (a return's 验收 details). */
  patch?(body: Body, row: Saved, ctx: WriteContext, result: unknown): Row;
  /** Whether the state moves (a failed inspection is recorded, the vehicle waits); it does by default. */
  moveWhen?(result: unknown, row: Saved): boolean;
}

/** The values a resource's hooks are given, typed by its fields (`FieldValues`). */
type ValuesOf<R extends Resource> = FieldValues<R['fields']>;
/** A saved row of a resource as its hooks read it, typed by its fields (`StoredRow`). */
type SavedOf<R extends Resource> = StoredRow<R['fields']>;
/** Each lifecycle action's checked body, by action; any body for a resource whose lifecycle is not known. */
type BodiesOf<R extends Resource> = [NonNullable<R['lifecycle']>] extends [never]
  ? Record<string, Row>
  : NonNullable<NonNullable<R['lifecycle']>['bodies']>;
/** A family's action hooks, by the lifecycle's actions, each typed by the action's body. */
type ActionsOf<R extends Resource> = {
  [A in keyof BodiesOf<R> & string]?: ActionImpl<SavedOf<R>, BodiesOf<R>[A] & Row>;
};

export interface ServerResourceSpec<R extends Resource = Resource> {
  resource: R;
  table: FamilyTable;
  /**
   * The screens listing the resource (a list, or the contracts' record of them by route key): each gets its
   * list endpoint and, with an 导出 button, its export.
   */
  screens: readonly Screen[] | Readonly<Record<string, Screen>>;
  /** A soft-delete flag: rows with it set are gone for every list, lookup and check, and keep their history. */
  deleted?: PgColumn;
  /**
   * The rows of a shared table that are the family's, by a condition rather than column values (an import
   * batch of 线索, not of 财务编码): kept to like a slice, on lists and on rows read by id.
   */
  only?: SQL;
  /**
   * The family is a slice of a shared table (网约车司机 and 出租车司机 of `drivers`): column values, by column
   * name, that every list, count, row read, write, import, export and history keeps to and every insert sets.
   * They are not fields, so a request cannot set them.
   */
  slice?: Readonly<Record<string, string | number | boolean>>;
  /**
   * The table's CHECK constraint that makes this slice's required columns NOT NULL for its rows, where the
   * shared column cannot be (政企客户's credit code among the customers).
   */
  sliceCheck?: string;
  parent?: ParentSpec;
  /** Read-only fields computed per row. */
  computed?: Record<string, SQL>;
  /**
   * Adds to a list page's rows, as they are sent, what is read for the page at once rather than per row by SQL
   * (a to-do task's business summary: one read of each business type's rows).
   */
  pageExtras?(db: Db, tenantId: number, rows: Row[]): Promise<void>;
  /**
   * Filters that are not a column: their condition, given the value (or the placeholder of a prepared list
   * statement, so write it into the SQL as a parameter, never as text).
   */
  filters?: Record<string, (value: unknown) => SQL>;
  links?: Record<string, LinkSpec>;
  /** Columns that are not fields but travel with a row (a vehicle's `seriesId`). */
  expose?: readonly string[];
  /** Unique indexes of other tables, by name, and the field each guards (a user's login id). */
  constraints?: Record<string, string>;
  /** Normalises checked input before anything compares it (a plate in capitals). */
  normalize?(values: ValuesOf<R>): Row;
  /** Turns checked input into column values: columns that follow from others, read from the database. */
  prepare?(values: ValuesOf<R>, ctx: WriteContext, before?: SavedOf<R>): Promise<Row> | Row;
  /**
   * The row a create makes is another branch company's (新增公司 makes the company itself, in a tenant of its
   * own): the create answers its id and what the hooks put in `ctx.answer`, as the session cannot read the row.
   */
  createsElsewhere?: true;
  /** Replaces the insert of the row (a user and their account); answers the new id. */
  insert?(values: ValuesOf<R>, ctx: WriteContext): Promise<number>;
  /** Replaces the update of the row's columns. */
  update?(id: number, values: ValuesOf<R>, ctx: WriteContext, before: SavedOf<R>): Promise<void>;
  /** Refuses a deletion the business forbids beyond the lifecycle's `removable` states (rows that others refer to). */
  beforeRemove?(row: SavedOf<R>, ctx: WriteContext): void | Promise<void>;
  /**
   * Keeps what follows from the family's rows in step, in the write's transaction (线索统计's daily counts):
   * told of each row a create, edit, action or deletion of the kit changed, as it was (null: new) and as the
   * database now holds it (null: gone). A family's own `insert` keeps step itself.
   */
  onChange?(ctx: WriteContext, before: SavedOf<R> | null, after: SavedOf<R> | null): void | Promise<void>;
  /**
   * What creating a row on a form sets going elsewhere, in the create's transaction (a driver made from a lead
   * activates the lead): given the new id and the saved values. Imports do not call it.
   */
  afterCreate?(ctx: WriteContext, id: number, values: ValuesOf<R>): Promise<void>;
  /** The lifecycle's actions, by name, each given its body as the action's schema checked it. */
  actions?: ActionsOf<R>;
  /**
   * Takes the locks an action needs before the row's own (an approval task's instance): actions on rows of
   * one parent then queue on the parent, and one that changes a sibling (a 或签 approval cancelling the
   * other approvers' tasks) never waits for the lock the sibling's own action holds.
   */
  lockFirst?(ctx: WriteContext, id: number): Promise<void>;
  /**
   * Refuses an action on this row before the lifecycle does, saying why in the family's words (another
   * user's task; a task someone else already handled): the message, or undefined to go on.
   */
  refuse?(ctx: WriteContext, row: SavedOf<R>, action: string): string | undefined;
  /** Columns that follow the lifecycle state (a vehicle's rent status). */
  onState?(next: number, row: SavedOf<R>): Row;
  /**
   * A batch import's say on the checked, prepared rows of a chunk (`import: { mode: 'rows' }`) beyond the
   * field checks, in the chunk's transaction, one verdict per row in their order: the values to save, with a
   * note for the row's result (a lead marked 无效), or a refusal with why. One call per chunk, so a family
   * that looks things up for its rows does so once for 500 of them.
   */
  importRows?(
    rows: readonly { row: number; values: Row }[],
    ctx: WriteContext,
    batchId: number,
  ): Promise<readonly ImportRowVerdict[]> | readonly ImportRowVerdict[];
}

/**
 * What `importRows` decides of a row: save these values (with a note for the row's result); or the family saved the row
 * itself, through its own door (线索's admission), as `saved`; or the row repeats one kept (`duplicate`, why);
 * or refuse the row.
 */
export type ImportRowVerdict =
  | { values: Row; note?: string }
  | { saved: number; note?: string }
  | { duplicate: string }
  | { refused: string };

/** Unique indexes of the table, by name, and the field each guards (the column that is not the tenant). */
function uniqueFields(
  table: FamilyTable,
  own: Record<string, PgColumn>,
  sliceNames: readonly string[],
): Record<string, string> {
  const byColumn = new Map(
    Object.entries(own)
      .filter(([name]) => !sliceNames.includes(name))
      .map(([name, column]) => [column.name, name]),
  );
  const map: Record<string, string> = {};
  for (const index of getTableConfig(table).indexes) {
    if (!index.config.unique || !index.config.name) continue;
    const columns = index.config.columns.map((column) => (column as IndexedColumn).name ?? '');
    const field = columns.map((name) => byColumn.get(name)).find((name) => name !== undefined && name !== 'tenantId');
    if (field) map[index.config.name] = field;
  }
  return map;
}

/**
 * The server half of a screen family, from its contracts resource and its table: what lists read, what
 * writes may set, and the hooks for what is its own. The route factory, the lifecycle runner, imports and
 * exports all work from it.
 */
export function defineServerResource<R extends Resource>(spec: ServerResourceSpec<R>) {
  const { table } = spec;
  const screens = Object.values(spec.screens) as Screen[];
  const own = getTableColumns(table) as Record<string, PgColumn>;
  const viaName = spec.parent ? Object.entries(own).find(([, column]) => column === spec.parent?.via)?.[0] : undefined;
  const links = spec.links ?? {};
  const linkArray = (link: LinkSpec): SQL =>
    sql`(select coalesce(array_agg(${link.other} order by ${link.other}), '{}') from ${link.table} where ${link.own} = ${table.id})`.mapWith(
      (value: unknown) => (Array.isArray(value) ? value.map(Number) : []),
    ) as SQL;
  const linkColumns = Object.fromEntries(Object.entries(links).map(([name, link]) => [name, linkArray(link)]));
  // A link field that filters finds the rows linked to the one chosen (the policies of a city).
  const linkFilters = Object.fromEntries(
    Object.entries(links)
      .filter(([name]) => spec.resource.fields[name]?.filter)
      .map(([name, link]) => [
        name,
        (value: unknown) =>
          sql`exists (select 1 from ${link.table} where ${link.own} = ${table.id} and ${link.other} = ${value}::bigint)`,
      ]),
  );
  /** Every field a list may filter or sort on. */
  const columns: Columns = { ...own, ...spec.parent?.columns, ...spec.computed, ...linkColumns };
  const passThrough = [...(viaName ? [viaName] : []), ...(spec.expose ?? [])];
  /** The columns the detail, the edit form and exports read: the whole row. */
  const detailSelection = { ...own, ...spec.parent?.columns, ...spec.computed, ...linkColumns } as Columns;
  const notDeleted = spec.deleted ? sql`not ${spec.deleted}` : undefined;
  const slice = spec.slice ?? {};
  // A unique index may include the slice column (a credit code unique per customer kind): it guards the other.
  const constraints = { ...uniqueFields(table, own, Object.keys(slice)), ...spec.constraints };
  const sliceWhere = and(
    ...Object.entries(slice).map(([name, value]) => {
      const column = own[name];
      if (!column) throw new Error(`${spec.resource.key}: slice column ${name} is not in the table`);
      if (spec.resource.fields[name]) throw new Error(`${spec.resource.key}: slice column ${name} is a field`);
      return eq(column, value);
    }),
    spec.only,
  );
  return {
    ...spec,
    filters: { ...linkFilters, ...spec.filters },
    screens: screens as readonly Screen[],
    own,
    columns,
    viaName,
    passThrough,
    detailSelection,
    constraints,
    notDeleted,
    /** The family's rows among the tenant's: not deleted, in its slice. */
    rowScope: and(notDeleted, sliceWhere),
    /** What the family's slice sets on each row it inserts. */
    sliceValues: slice as Row,
    sliceWhere,
    hasVersion: 'version' in own,
    /** The menus that open the resource's rows: every screen listing it. */
    viewKeys: [
      ...new Set(screens.length > 0 ? screens.map((screen) => screen.route.menuKey) : [spec.resource.permissions.list]),
    ],
  };
}

export type ServerResource = ReturnType<typeof defineServerResource>;
