import { defineResource, defineScreen, fields } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineFamily } from './family';
import { familyModule } from './familyModule';
import { RelatedRecords } from './RelatedList';
import { calls, lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureLifecycle, fixtureStage, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';
import { rowOf } from './testing/rows';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** Rows of a fixture row that have no page of their own: managed in its detail page only. */
const partResource = defineResource({
  key: 'fixturePart',
  title: '样例配件',
  page: 'maintenanceManagement',
  endpoint: '/api/fixture-parts',
  identity: 'title',
  operations: ['create', 'update', 'remove'],
  defaultSort: { field: 'title', order: 'asc' },
  fields: {
    parentId: fields.ref('车辆', 'vehicle', {
      required: true,
      createOnly: true,
      filter: 'eq',
      panel: false,
      list: false,
    }),
    title: fields.text('名称', { required: true }),
  },
});
const partScreen = defineScreen(partResource, {
  route: 'maintenanceManagement',
  embedded: { name: 'fixtureParts', title: '配件' },
});
const partFamily = defineFamily({ resource: partResource, screens: { fixtureParts: partScreen } });
const parentFamily = defineFamily({
  ...fixtureFamily,
  // An archived parent (stage 2) keeps its parts as they are.
  related: () => [
    { family: partFamily, screen: 'fixtureParts', via: 'parentId', managed: (parent) => parent.stage !== 2 },
  ],
});

beforeEach(() => {
  serveFixtures([]);
  serve('GET', '/api/fixture-parts/views/fixtureParts', ({ query }: { query: unknown }) => {
    const { page, limit } = query as { page: number; limit: number };
    return { list: [{ id: '3', parentId: '7', title: '刹车片', version: 1 }], total: 1, totalExact: true, page, limit };
  });
  serve('POST', '/api/fixture-parts', { id: '4', version: 1 });
});

const menus = ['vehicleList', 'maintenanceManagement'];
const buttons = ['maintenanceManagement:add', 'maintenanceManagement:edit', 'maintenanceManagement:delete'];

describe('an embedded screen: a list managed inside the detail page of its parent', () => {
  it('is a list of its own endpoint, titled by the screen, with no page to open and no export of the page', () => {
    expect(partScreen).toMatchObject({
      key: 'fixtureParts',
      embedded: true,
      endpoint: '/api/fixture-parts/views/fixtureParts',
    });
    expect(partScreen.exportButton).toBeUndefined();
    expect(partResource.permissions).toEqual({
      list: 'maintenanceManagement',
      create: 'maintenanceManagement:add',
      update: 'maintenanceManagement:edit',
      remove: 'maintenanceManagement:delete',
    });
    expect(familyModule([partFamily]).keys).toEqual([]);
  });

  it('adds a row for the parent without asking for it, and offers 编辑 and 删除 on rows', async () => {
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, { menus, buttons });
    expect(await screen.findByRole('tab', { name: /^配件（1）$/ })).toBeTruthy();
    const row = await rowOf('刹车片');
    expect(within(row).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '查看全部' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByLabelText('车辆')).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '雨刮' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('POST', '/api/fixture-parts')?.body).toEqual({ parentId: '7', title: '雨刮' }));
  });

  it('leaves the rows to read when the parent, as it is now, fixes them', async () => {
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7', stage: 2 }} />, { menus, buttons });
    const row = await rowOf('刹车片');
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('offers nothing to change without the buttons', async () => {
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, { menus });
    const row = await rowOf('刹车片');
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});

/** Rows of the parent that an action on another list's row writes (抽奖 on a participant writes a 中奖名单 row). */
const stepResource = defineResource({
  key: 'fixtureStep',
  title: '样例步骤',
  page: 'inspectedVehicle',
  endpoint: '/api/fixture-steps',
  identity: 'title',
  lifecycle: fixtureLifecycle,
  defaultSort: { field: 'title', order: 'asc' },
  fields: {
    parentId: fields.ref('车辆', 'vehicle', { filter: 'eq', panel: false, list: false, form: false }),
    title: fields.text('名称', { form: false }),
    stage: fields.enumOf(fixtureStage, { form: false }),
  },
});
const stepFamily = defineFamily({
  resource: stepResource,
  screens: {
    fixtureSteps: defineScreen(stepResource, {
      route: 'inspectedVehicle',
      embedded: { name: 'fixtureSteps', title: '步骤' },
      actions: ['archive'],
    }),
  },
});
const actingParent = defineFamily({
  ...fixtureFamily,
  related: () => [
    { family: stepFamily, screen: 'fixtureSteps', via: 'parentId' },
    { family: partFamily, screen: 'fixtureParts', via: 'parentId' },
  ],
});

describe('an action on an embedded row', () => {
  it("refreshes the parent's other lists, which it may have written", async () => {
    serve('GET', '/api/fixture-steps/views/fixtureSteps', ({ query }: { query: unknown }) => {
      const { page, limit } = query as { page: number; limit: number };
      return {
        list: [{ id: '5', parentId: '7', title: '复核', stage: 1, version: 1 }],
        total: 1,
        totalExact: true,
        page,
        limit,
      };
    });
    serve('POST', '/api/fixture-steps/:id/archive', null);
    const partReads = () =>
      calls.filter((call) => call.method === 'GET' && call.url === '/api/fixture-parts/views/fixtureParts');
    renderWithShell(<RelatedRecords family={actingParent} parent={{ id: '7' }} />, {
      menus: [...menus, 'inspectedVehicle'],
      buttons: ['inspectedVehicle:prepare'],
    });
    expect(await screen.findByRole('tab', { name: /^配件（1）$/ })).toBeTruthy();
    const before = partReads().length;
    fireEvent.click(within(await rowOf('复核')).getByRole('button', { name: '整备' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(lastCall('POST', '/api/fixture-steps/5/archive')).toBeTruthy());
    await waitFor(() => expect(partReads().length).toBeGreaterThan(before));
  });
});
