import {
  check,
  defineEnum,
  defineLifecycle,
  defineResource,
  defineScreen,
  fields,
  importBatchResources,
} from '@cp/contracts';
import { asc, ne, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { businessColumns, idColumn, refColumn, versionColumn } from '../../src/db/columns';
import { tenants } from '../../src/identity/tables';
import { defineServerResource } from '../../src/resource/family';
import { resourceTemplate } from '../../src/resource/import';
import { importBatchFamilies } from '../../src/resource/import-batch-families';
import { resourceRoutes } from '../../src/resource/routes';
import { type StartOptions, startTestApp, type TestContext } from '../harness';

/**
 * A family that exists only in tests, with one field of every kind, so the resource kit is proven through
 * its generic pieces rather than through what vehicles happen to use. It borrows 车辆列表's page for its
 * buttons (新增, 编辑, 删除, 导入, 导出) and 待验车辆 for a second screen with a fixed filter.
 */
const fixtureCategory = defineEnum('类别', [
  [0, '普通'],
  [1, '加急'],
]);

const fixtureStatus = defineEnum('状态', [
  [0, '草稿'],
  [1, '已提交'],
  [2, '已归档'],
]);

/**
 * 提交 and 退回 need 车辆列表's 编辑, 归档 its 删除 (which ops does not hold). 提交, 归档 and 批注 (which
 * takes a body and keeps the state) may be taken on many rows at once.
 */
const fixtureLifecycle = defineLifecycle({
  field: 'status',
  states: fixtureStatus,
  transitions: [
    { action: 'submit', from: [0], to: 1, button: 'vehicleList:edit', title: '提交', bulk: true },
    { action: 'reopen', from: [1], to: 0, button: 'vehicleList:edit', title: '退回' },
    { action: 'archive', from: [1], to: 2, button: 'vehicleList:delete', title: '归档', bulk: true },
    {
      action: 'annotate',
      from: [2],
      to: null,
      button: 'vehicleList:edit',
      title: '批注',
      body: z.strictObject({ remark: z.string().trim().min(1, '不能为空').max(200).meta({ title: '批注' }) }),
      bulk: true,
    },
  ],
  // A submitted row waits for its review: it is neither deleted nor edited.
  removable: [0, 2],
  editable: [0, 2],
});

export const fixtureResource = defineResource({
  key: 'kitFixture',
  title: '测试条目',
  page: 'vehicleList',
  endpoint: '/api/kit-fixtures',
  identity: 'code',
  lifecycle: fixtureLifecycle,
  import: { key: ['code'], maxRows: 50 },
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    code: fields.text('编号', {
      required: true,
      unique: true,
      filter: 'like',
      sortable: true,
      max: 20,
      import: { example: 'KF-0001' },
    }),
    serial: fields.text('序列号', { unique: true, list: false, import: true }),
    quantity: fields.integer('数量', { min: 1, max: 999, sortable: true, import: true }),
    price: fields.money('单价', { sortable: true, import: true }),
    startDate: fields.date('开始日期', { filter: 'range', sortable: true, import: true }),
    happenedAt: fields.datetime('发生时间', { filter: 'range', import: true }),
    category: fields.enumOf(fixtureCategory, { filter: 'eq', import: true }),
    status: fields.enumOf(fixtureStatus, { filter: 'eq', form: false }),
    active: fields.boolean('是否启用', { import: true }),
    companyId: fields.ref('所属公司', 'company', { required: true, filter: 'eq', import: true }),
    cityId: fields.ref('城市', 'city', { import: true }),
    roleIds: fields.refs('角色', 'role', { import: true, export: true, filter: 'eq' }),
    attachments: fields.files('附件'),
    photos: fields.files('照片', { accept: ['png', 'jpg', 'jpeg'], max: 2, maxSizeMb: 5 }),
    labels: fields.tags('标签', { import: true }),
    remark: fields.text('备注', { max: 200, list: false, import: true }),
  },
});

export const fixtureScreens = {
  list: defineScreen(fixtureResource, { route: 'vehicleList', actions: ['submit', 'reopen', 'archive'] }),
  submitted: defineScreen(fixtureResource, {
    route: 'vehicleInspected',
    fixed: { status: '1' },
    columns: ['code', 'quantity', 'status'],
  }),
  /** Every row, in tabs by status: 全部, 草稿, and 已提交 with 已归档. */
  tabbed: defineScreen(fixtureResource, {
    route: 'inspectedVehicle',
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [0] }, { key: 'done', title: '已提交或归档', values: [1, 2] }],
    },
  }),
};

export const kitFixtures = pgTable(
  'kit_fixtures',
  {
    id: idColumn(),
    code: text('code').notNull(),
    serial: text('serial'),
    quantity: integer('quantity'),
    price: bigint('price', { mode: 'number' }),
    startDate: date('start_date'),
    happenedAt: timestamp('happened_at', { withTimezone: true }),
    category: smallint('category').notNull().default(0),
    status: smallint('status').notNull().default(0),
    active: boolean('active').notNull().default(false),
    companyId: refColumn('company_id').notNull(),
    cityId: refColumn('city_id'),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('kit_fixtures_tenant_code_key').on(table.tenantId, table.code),
    uniqueIndex('kit_fixtures_tenant_serial_key').on(table.tenantId, table.serial),
  ],
);

const kitFixtureRoles = pgTable(
  'kit_fixture_roles',
  {
    fixtureId: refColumn('fixture_id').notNull(),
    roleId: refColumn('role_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fixtureId, table.roleId] })],
);

/** The tables above, as a migration would make them (one statement at a time: PGlite prepares each). */
const createTables = [
  `
create table kit_fixtures (
  id bigint generated always as identity primary key,
  code text not null,
  serial text,
  quantity integer,
  price bigint,
  start_date date,
  happened_at timestamptz,
  category smallint not null default 0,
  status smallint not null default 0,
  active boolean not null default false,
  company_id bigint not null,
  city_id bigint,
  attachments text[] not null default '{}',
  photos text[] not null default '{}',
  labels text[] not null default '{}',
  remark text,
  version integer not null default 1,
  tenant_id bigint not null,
  created_by bigint,
  updated_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
  'create unique index kit_fixtures_tenant_code_key on kit_fixtures (tenant_id, code)',
  'create unique index kit_fixtures_tenant_serial_key on kit_fixtures (tenant_id, serial)',
  `create table kit_fixture_roles (
  fixture_id bigint not null,
  role_id bigint not null,
  tenant_id bigint not null,
  primary key (fixture_id, role_id)
)`,
  `create table kit_periods (
  id bigint generated always as identity primary key,
  name text not null,
  start_date date not null,
  end_date date,
  budget bigint,
  spent bigint,
  category smallint not null default 0,
  remark text,
  version integer not null default 1,
  tenant_id bigint not null,
  created_by bigint,
  updated_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
];

export const fixtureFamily = defineServerResource({
  resource: fixtureResource,
  table: kitFixtures,
  screens: Object.values(fixtureScreens),
  actions: { annotate: { patch: (body) => ({ remark: body.remark }) } },
  links: {
    roleIds: {
      table: kitFixtureRoles,
      own: kitFixtureRoles.fixtureId,
      other: kitFixtureRoles.roleId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
});

/**
 * The 加急 rows of the same table as a family of their own (a slice: `category` 1), the way 网约车司机 and
 * 出租车司机 share `drivers`. `category` is not one of its fields: the slice sets it.
 */
const urgentResource = defineResource({
  key: 'kitFixtureUrgent',
  title: '加急条目',
  page: 'vehicleList',
  endpoint: '/api/kit-fixtures-urgent',
  identity: 'code',
  lifecycle: fixtureLifecycle,
  import: { key: ['code'], maxRows: 50 },
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    code: fixtureResource.fields.code,
    serial: fixtureResource.fields.serial,
    status: fixtureResource.fields.status,
    companyId: fixtureResource.fields.companyId,
    remark: fixtureResource.fields.remark,
  },
});

const urgentScreen = defineScreen(urgentResource, { route: 'vehicleList', actions: ['submit'] });

export const urgentFamily = defineServerResource({
  resource: urgentResource,
  table: kitFixtures,
  screens: [urgentScreen],
  slice: { category: 1 },
});

/** A period with rules across its fields: each declared once, kept by the server and shown by the form. */
const periodResource = defineResource({
  key: 'kitPeriod',
  title: '测试周期',
  page: 'vehicleList',
  endpoint: '/api/kit-periods',
  identity: 'name',
  defaultSort: { field: 'startDate', order: 'asc' },
  fields: {
    name: fields.text('名称', { required: true, max: 20 }),
    startDate: fields.date('开始日期', { required: true }),
    endDate: fields.date('结束日期'),
    budget: fields.money('预算'),
    spent: fields.money('实际花费'),
    category: fields.enumOf(fixtureCategory),
    remark: fields.text('备注', { max: 200 }),
  },
  checks: [
    check.after('endDate', 'startDate', '应晚于开始日期'),
    check.notAbove('spent', 'budget', '不能超过预算'),
    check.requiredWhen('remark', { field: 'category', values: [1] }, '加急时必填'),
  ],
});

const kitPeriods = pgTable('kit_periods', {
  id: idColumn(),
  name: text('name').notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date'),
  budget: bigint('budget', { mode: 'number' }),
  spent: bigint('spent', { mode: 'number' }),
  category: smallint('category').notNull().default(0),
  remark: text('remark'),
  version: versionColumn(),
  ...businessColumns(),
});

const periodFamily = defineServerResource({
  resource: periodResource,
  table: kitPeriods,
  screens: [defineScreen(periodResource, { route: 'vehicleList' })],
});

/**
 * Periods made in another branch company than the session's (as 新增公司 makes the company itself):
 * `createsElsewhere`, the create answering the id and the hook's answer rather than a row it cannot read.
 */
const elsewhereResource = defineResource({
  key: 'kitElsewherePeriod',
  title: '外部周期',
  page: 'vehicleList',
  endpoint: '/api/kit-elsewhere-periods',
  identity: 'name',
  operations: ['create'],
  defaultSort: { field: 'startDate', order: 'asc' },
  fields: {
    name: fields.text('名称', { required: true, max: 20 }),
    startDate: fields.date('开始日期', { required: true }),
  },
});
const elsewhereFamily = defineServerResource({
  resource: elsewhereResource,
  table: kitPeriods,
  screens: [defineScreen(elsewhereResource, { route: 'vehicleList' })],
  createsElsewhere: true,
  async insert(values, ctx) {
    const [other] = await ctx.tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(ne(tenants.id, ctx.auth.tenantId))
      .orderBy(asc(tenants.id))
      .limit(1);
    if (!other) throw new Error('no other branch company');
    const [row] = await ctx.tx
      .insert(kitPeriods)
      .values({ name: String(values.name), startDate: String(values.startDate), tenantId: other.id })
      .returning({ id: kitPeriods.id });
    if (!row) throw new Error('period not inserted');
    ctx.answer.madeIn = String(other.id);
    return row.id;
  },
});

export const fixtureTemplate = resourceTemplate(fixtureResource);
export const urgentTemplate = resourceTemplate(urgentResource);

/**
 * The same rows imported row by row, each upload kept as a batch: on 违章管理's page (its 导入 button), the
 * batches and their rows listed on 上传日志's.
 */
const batchFixtureResource = defineResource({
  ...fixtureResource,
  key: 'kitBatchFixture',
  title: '批量条目',
  page: 'violationManagement',
  endpoint: '/api/kit-batch-fixtures',
  import: { key: ['code'], maxRows: 10_000, mode: 'rows' },
});
const batchFixtureImports = importBatchResources({
  of: 'kitBatchFixture',
  page: 'upLoadLog',
  endpoint: '/api/kit-batch-imports',
  title: '上传日志',
});
const batchFixtureFamily = defineServerResource({
  ...fixtureFamily,
  resource: batchFixtureResource,
  screens: [defineScreen(batchFixtureResource, { route: 'violationManagement' })],
  // A row whose 备注 says 作废 is kept but marked 已归档; one saying 拒收 is refused, 挂起 a duplicate: a
  // family's own say.
  importRows: (rows) =>
    rows.map(({ values }) => {
      if (values.remark === '拒收') return { refused: '备注为拒收，不导入' };
      if (values.remark === '挂起') return { duplicate: '备注为挂起，视同已有' };
      if (values.remark === '作废') return { values: { ...values, status: 2 }, note: '已标记为已归档' };
      return { values };
    }),
});
export const batchFixtureTemplate = resourceTemplate(batchFixtureResource);
const batchFamilies = importBatchFamilies('kitBatchFixture', batchFixtureImports);

/** The test app with the fixture's tables in its database and the fixture's routes registered. */
export function startKitApp(options: Omit<StartOptions, 'extend'> = {}): Promise<TestContext> {
  return startTestApp(
    {},
    {
      ...options,
      async extend(app, { database, config }) {
        for (const statement of createTables) await database.db.execute(sql.raw(statement));
        resourceRoutes(app, fixtureFamily, { db: database.db, config });
        for (const family of [batchFixtureFamily, batchFamilies.batches, batchFamilies.rows]) {
          resourceRoutes(app, family, { db: database.db, config });
        }
        resourceRoutes(app, urgentFamily, { db: database.db, config });
        resourceRoutes(app, periodFamily, { db: database.db, config });
        resourceRoutes(app, elsewhereFamily, { db: database.db, config });
      },
    },
  );
}

export type Fixture = Record<string, unknown> & { id: string; version: number; status: number };

export interface KitRefs {
  /** Companies of 北京分公司, the branch admin signs in to. */
  companies: { value: string; label: string }[];
  /** A company of 上海分公司. */
  foreignCompany: { value: string; label: string };
  cities: { value: string; label: string }[];
  roles: { value: string; label: string }[];
  foreignRole: { value: string; label: string };
}

/** The dropdowns of both branch companies, as the form would load them. */
export async function loadRefs(ctx: TestContext, admin: string, shanghai: string): Promise<KitRefs> {
  const options = async (url: string, token: string) => {
    const response = await ctx.request<{ value: string; label: string }[]>({ method: 'GET', url, token });
    if (response.data.length === 0) throw new Error(`${url} answered no options`);
    return response.data;
  };
  const [companies, foreignCompanies, cities, roles, foreignRoles] = await Promise.all([
    options('/api/lookups/companies', admin),
    options('/api/lookups/companies', shanghai),
    options('/api/lookups/cities', admin),
    options('/api/lookups/roles', admin),
    options('/api/lookups/roles', shanghai),
  ]);
  return {
    companies,
    foreignCompany: foreignCompanies[0] as KitRefs['foreignCompany'],
    cities,
    roles,
    foreignRole: foreignRoles[0] as KitRefs['foreignRole'],
  };
}
