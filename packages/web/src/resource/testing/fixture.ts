import { defineEnum, defineLifecycle, defineResource, defineScreen, fields } from '@cp/contracts';
import { z } from 'zod';
import { defineFamily } from '../family';
import type { ResourceRecord } from '../types';
import { refuse, resetServer, serve } from './fakeServer';
import { serveLookups } from './lookups';

/**
 * A resource with one field of every kind, for the tests of the kit's generic pieces. It lives on the
 * catalogue page `vehicleList` (新增, 编辑, 删除, 导入, 导出) with an endpoint of its own, and borrows the
 * vehicle section's buttons for its lifecycle: 验车 takes a body, 整备 only a confirmation.
 */
export const fixtureStage = defineEnum('样例状态', [
  [0, '待审核'],
  [1, '已审核'],
  [2, '已归档'],
]);

const fixtureKind = defineEnum('样例类别', [
  [0, '甲类'],
  [1, '乙类'],
]);

const reviewBody = z.strictObject({
  opinion: z.string().trim().min(1, '不能为空').max(50).meta({ title: '审核意见' }),
  score: z.number().int().min(0).max(100).meta({ title: '评分' }),
  remark: z.string().trim().max(200).optional().meta({ title: '备注' }),
  /** The review's own files, named as the row's files are. */
  documents: z.array(z.string().min(1).max(300)).max(20).default([]).meta({ title: '审核附件', files: true }),
});

export const fixtureLifecycle = defineLifecycle({
  field: 'stage',
  states: fixtureStage,
  transitions: [
    { action: 'review', from: [0], to: 1, button: 'vehicleInspected:inspect', body: reviewBody, bulk: true },
    {
      action: 'archive',
      from: [1],
      to: 2,
      button: 'inspectedVehicle:prepare',
      confirm: '归档后不能再修改。',
      bulk: true,
    },
  ],
  // An archived row is kept as it is.
  removable: [0, 1],
  editable: [0, 1],
});

export const fixtureResource = defineResource({
  key: 'fixture',
  title: '样例',
  page: 'vehicleList',
  endpoint: '/api/fixtures',
  identity: 'name',
  lifecycle: fixtureLifecycle,
  import: { key: ['name'], maxRows: 500, note: '名称已存在的行会跳过。' },
  defaultSort: { field: 'amount', order: 'desc' },
  fields: {
    name: fields.text('名称', { required: true, max: 30, filter: 'like', sortable: true }),
    code: fields.text('编码', { max: 20, createOnly: true, list: false }),
    count: fields.integer('数量', { max: 999 }),
    amount: fields.money('金额', { sortable: true }),
    startDate: fields.date('开始日期', { filter: 'range' }),
    happenedAt: fields.datetime('发生时间', { list: false }),
    kind: fields.enumOf(fixtureKind, { required: true, filter: 'eq' }),
    urgent: fields.boolean('加急', { list: false }),
    cityId: fields.ref('城市', 'city', { filter: 'eq' }),
    roleIds: fields.refs('角色', 'role'),
    documents: fields.files('文件'),
    labels: fields.tags('标签'),
    stage: fields.enumOf(fixtureStage, { form: false, filter: 'in' }),
  },
});

export const fixtureScreens = {
  /** The family's own list: every filter and column (the state right after the name), both actions by state. */
  vehicleList: defineScreen(fixtureResource, { route: 'vehicleList', key: ['stage'], actions: ['review', 'archive'] }),
  /** Another view of it: only rows waiting for review, each offering 验车. */
  vehicleInspected: defineScreen(fixtureResource, {
    route: 'vehicleInspected',
    fixed: { stage: '0' },
    filters: ['name', 'kind'],
    columns: ['name', 'kind', 'amount'],
    actions: ['review'],
  }),
  /** Every row in status tabs: 全部, 待审核, and 已审核 with 已归档; rows 已审核 offer 整备 (归档). */
  inspectedVehicle: defineScreen(fixtureResource, {
    route: 'inspectedVehicle',
    tabs: {
      field: 'stage',
      all: true,
      items: [{ values: [0] }, { key: 'done', title: '已审核或归档', values: [1, 2] }],
    },
    actions: ['archive'],
  }),
};

/** The fixture's family: its form drawer over the list, the detail page on `vehicleDetail`. */
export const fixtureFamily = defineFamily({
  resource: fixtureResource,
  screens: fixtureScreens,
  routes: { detail: 'vehicleDetail' },
  groups: [
    { title: '基本信息', fields: ['name', 'code', 'kind', 'stage', 'cityId', 'roleIds', 'labels'] },
    { title: '数量金额', fields: ['count', 'amount', 'startDate', 'happenedAt', 'urgent', 'documents'] },
  ],
  // Rows are picked in dialogs through the searched vehicle lookup, the one that filters by a state (`stage`).
  lookup: 'vehicle',
});

const fixtureRoles = [
  { label: '车辆专员', value: '4' },
  { label: '财务专员', value: '5' },
];

/** A row as `GET /api/fixtures` answers it. */
export function fixtureRow(overrides: Partial<ResourceRecord> = {}): ResourceRecord {
  return {
    id: '1',
    version: 2,
    name: '样例一',
    code: 'S001',
    count: 3,
    amount: 12345,
    startDate: '2025-03-01',
    happenedAt: '2025-03-01T02:30:00.000Z',
    kind: 1,
    urgent: true,
    cityId: '1',
    cityName: '北京市',
    roleIds: ['4'],
    roleNames: ['车辆专员'],
    documents: ['private/2025/合同.pdf'],
    labels: ['重点'],
    stage: 0,
    ...overrides,
  };
}

/**
 * A fake API holding these rows: the list and its views (each answering the rows given), detail,
 * history and the lookups the form uses.
 */
export function serveFixtures(rows: readonly ResourceRecord[]): void {
  resetServer();
  serveLookups();
  serve('GET', '/api/lookups/roles', fixtureRoles);
  const page = ({ query }: { query: unknown }) => {
    const { page, limit } = query as { page: number; limit: number };
    return { list: rows, total: rows.length, totalExact: true, page, limit };
  };
  serve('GET', '/api/fixtures', page);
  serve('GET', '/api/fixtures/views/:route', page);
  serve(
    'GET',
    '/api/fixtures/:id',
    ({ params }: { params: Record<string, string> }) =>
      rows.find((row) => row.id === params.id) ?? refuse(404, '样例不存在'),
  );
  serve('GET', '/api/fixtures/:id/history', []);
  serve('GET', '/api/fixtures/views/:route/tab-counts', [
    { key: 'all', total: rows.length, totalExact: true },
    { key: '0', total: rows.filter((row) => row.stage === 0).length, totalExact: true },
    { key: 'done', total: 10_000, totalExact: false },
  ]);
  servePreferences();
}

/**
 * 列设置 kept as the server keeps them, per screen, for as long as the test runs: what a reload (a new
 * query cache) reads back.
 */
function servePreferences(): Map<string, unknown> {
  const saved = new Map<string, unknown>();
  const path = '/api/preferences/list-columns/:screen';
  serve('GET', path, ({ params }: { params: Record<string, string> }) => saved.get(params.screen ?? '') ?? null);
  serve('PUT', path, ({ params, body }: { params: Record<string, string>; body: unknown }) => {
    saved.set(params.screen ?? '', body);
    return body;
  });
  serve('DELETE', path, ({ params }: { params: Record<string, string> }) => {
    saved.delete(params.screen ?? '');
    return null;
  });
  return saved;
}
