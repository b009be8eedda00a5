import { defineResource, defineScreen, type FieldDef, fields, type Screen } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineFamily } from './family';
import { ResourceFormPage, returnPath } from './ResourceFormPage';
import { ResourceListPage } from './ResourceListPage';
import { lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** The fixture on a page whose catalogue has add and edit pages (网约车司机's), used instead of the drawer. */
const onPages = defineResource({ ...fixtureFamily.resource, page: 'ridehailingDrivers' });
const withPages = defineFamily({
  ...fixtureFamily,
  resource: onPages,
  screens: { ridehailingDrivers: defineScreen(onPages, { route: 'ridehailingDrivers' }) },
  routes: { detail: 'ridehailingDriversDetails', add: 'ridehailingDriversAdd', edit: 'ridehailingDriversEdit' },
});
const row = fixtureRow({ id: '1', version: 2 });

/** A form section: says what the name field holds now. */
function Echo() {
  const name = Form.useWatch('name', { preserve: true });
  return <p>预览：{name ?? '（空）'}</p>;
}

beforeEach(() => serveFixtures([row]));

describe('ResourceFormPage', () => {
  it('新增 saves a new row and goes back to the list', async () => {
    serve('POST', '/api/fixtures', fixtureRow({ id: '9' }));
    const view = renderWithShell(<ResourceFormPage family={withPages} mode="add" />, { url: '/ridehailingDriversAdd' });
    expect(await screen.findByText('新增样例')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '新样例' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '样例类别' }));
    fireEvent.click(await screen.findByTitle('甲类'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // The switch (加急) starts off and is saved as shown.
    await waitFor(() =>
      expect(lastCall('POST', '/api/fixtures')?.body).toMatchObject({ name: '新样例', kind: 0, urgent: false }),
    );
    await waitFor(() => expect(view.location()?.pathname).toBe('/ridehailingDrivers'));
  });

  it('编辑 loads the row named by ?id=, saves it on its version and goes back to the list', async () => {
    serve('PUT', '/api/fixtures/:id', row);
    const view = renderWithShell(<ResourceFormPage family={withPages} mode="edit" />, {
      url: '/ridehailingDriversEdit?id=1',
    });
    expect(await screen.findByText('编辑样例')).toBeTruthy();
    fireEvent.change(await screen.findByDisplayValue('样例一'), { target: { value: '样例甲' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/ridehailingDrivers'));
    expect(lastCall('PUT', '/api/fixtures/1')?.body).toMatchObject({ name: '样例甲', version: 2 });
  });

  it("shows the family's form sections, following what is typed", async () => {
    const withSection = defineFamily({ ...withPages, formSections: [Echo] });
    renderWithShell(<ResourceFormPage family={withSection} mode="add" />, { url: '/ridehailingDriversAdd' });
    expect(await screen.findByText('预览：（空）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '海报甲' } });
    expect(await screen.findByText('预览：海报甲')).toBeTruthy();
  });

  it('保存 with a required field empty focuses that field and names it, saving nothing', async () => {
    renderWithShell(<ResourceFormPage family={withPages} mode="add" />, { url: '/ridehailingDriversAdd' });
    expect(await screen.findByText('新增样例')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '样例类别' }));
    fireEvent.click(await screen.findByTitle('甲类'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入名称', { selector: '.ant-message *' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('名称')));
    expect(lastCall('POST', '/api/fixtures')).toBeUndefined();
  });

  it('取消 goes back to the list without saving', async () => {
    const view = renderWithShell(<ResourceFormPage family={withPages} mode="add" />, { url: '/ridehailingDriversAdd' });
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/ridehailingDrivers'));
    expect(lastCall('POST', '/api/fixtures')).toBeUndefined();
  });

  it("is where a row's 编辑 leads, with the row's id", async () => {
    const view = renderWithShell(
      <ResourceListPage family={withPages} screen={withPages.screens.ridehailingDrivers as Screen} />,
      {
        url: '/ridehailingDrivers',
        buttons: ['ridehailingDrivers:add', 'ridehailingDrivers:edit'],
      },
    );
    const tableRow = (await screen.findByText('样例一')).closest('tr') as HTMLElement;
    fireEvent.click(within(tableRow).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/ridehailingDriversEdit'));
    expect(view.search().get('id')).toBe('1');
    expect(screen.queryByText('编辑样例')).toBeNull();
  });

  it("is where the list's 新增 leads", async () => {
    const view = renderWithShell(
      <ResourceListPage family={withPages} screen={withPages.screens.ridehailingDrivers as Screen} />,
      {
        url: '/ridehailingDrivers',
        buttons: ['ridehailingDrivers:add'],
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/ridehailingDriversAdd'));
    expect(screen.queryByText('新增样例')).toBeNull();
  });
});

/** The fixture as a family whose forms are hidden pages of another family's page (政企客户's, on 线索明细). */
const { import: _imported, ...imported } = fixtureFamily.resource;
const onForms = defineResource({
  ...imported,
  page: 'threadDeatails',
  forms: { add: 'governmentCustomerAdd', edit: 'governmentCustomerEdit' },
});
const formsOnly = defineFamily({
  ...fixtureFamily,
  resource: onForms,
  screens: {},
  routes: { add: 'governmentCustomerAdd', edit: 'governmentCustomerEdit' },
});

describe('ResourceFormPage opened by a link naming the new row (激活 → 去新增)', () => {
  /** The fixture with a field set only by the page that opens the form (a driver's 来源线索). */
  const linked = defineResource<Record<string, FieldDef>>({
    ...onPages,
    fields: {
      ...onPages.fields,
      originId: fields.integer('来源', { control: false, createOnly: true, list: false, detail: false }),
    },
  });
  const linkedFamily = defineFamily({
    ...withPages,
    resource: linked,
    screens: { ridehailingDrivers: defineScreen(linked, { route: 'ridehailingDrivers' }) },
  });

  it('starts from the fields the URL names, saves the unseen one with them and goes back where it was sent from', async () => {
    serve('POST', '/api/fixtures', fixtureRow({ id: '9' }));
    const from = encodeURIComponent('/threadDeatails?detail=42');
    const view = renderWithShell(<ResourceFormPage family={linkedFamily} mode="add" />, {
      url: `/ridehailingDriversAdd?name=${encodeURIComponent('王磊')}&kind=1&cityId=3&count=many&originId=42&from=${from}`,
    });
    expect(await screen.findByDisplayValue('王磊')).toBeTruthy();
    expect(screen.queryByLabelText('来源')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(lastCall('POST', '/api/fixtures')?.body).toMatchObject({
        name: '王磊',
        kind: 1,
        cityId: '3',
        originId: 42,
      }),
    );
    // A value that is not of its field's kind is not carried (数量 is a number).
    expect(lastCall('POST', '/api/fixtures')?.body).toMatchObject({ count: null });
    await waitFor(() => expect(view.location()?.pathname).toBe('/threadDeatails'));
    expect(view.search().get('detail')).toBe('42');
  });

  it('an edit takes nothing from the URL', async () => {
    renderWithShell(<ResourceFormPage family={linkedFamily} mode="edit" />, {
      url: `/ridehailingDriversEdit?id=1&name=${encodeURIComponent('王磊')}`,
    });
    expect(await screen.findByDisplayValue('样例一')).toBeTruthy();
    expect(screen.queryByDisplayValue('王磊')).toBeNull();
  });
});

describe('ResourceFormPage of a family whose forms live on another page', () => {
  const fillAndSave = async () => {
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '新样例' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '样例类别' }));
    fireEvent.click(await screen.findByTitle('甲类'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
  };

  it('takes its permissions from the buttons of that page its form pages require', () => {
    expect(onForms.permissions).toEqual({
      list: 'threadDeatails',
      create: 'threadDeatails:add',
      update: 'threadDeatails:edit',
    });
    expect(() => defineFamily({ ...formsOnly, screens: fixtureFamily.screens })).toThrow(/its forms are the pages/);
  });

  it('shows the saved row after 新增, with a link to edit it, when nothing sent the user here', async () => {
    serve('POST', '/api/fixtures', fixtureRow({ id: '9', name: '新样例' }));
    const view = renderWithShell(<ResourceFormPage family={formsOnly} mode="add" />, { url: '/governmentCustomerAdd' });
    await fillAndSave();
    expect(await screen.findByText('样例「新样例」已保存', {}, { timeout: 10_000 })).toBeTruthy();
    expect(view.location()?.pathname).toBe('/governmentCustomerAdd');
    fireEvent.click(screen.getByRole('button', { name: '编辑该样例' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/governmentCustomerEdit'));
    expect(view.search().get('id')).toBe('9');
  });

  it('goes back where the user came from (?from=), but never to another site', async () => {
    serve('POST', '/api/fixtures', fixtureRow({ id: '9', name: '新样例' }));
    const view = renderWithShell(<ResourceFormPage family={formsOnly} mode="add" />, {
      url: '/governmentCustomerAdd?from=%2FthreadDeatails%3Fid%3D5',
    });
    await fillAndSave();
    await waitFor(() => expect(view.location()?.pathname).toBe('/threadDeatails'), { timeout: 10_000 });
    expect(view.search().get('id')).toBe('5');
    expect(returnPath('//evil.example/x')).toBeNull();
    expect(returnPath('https://evil.example')).toBeNull();
  });
});
