import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceFormDrawer } from './ResourceFormDrawer';
import { calls, lastCall, refuse, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const row = fixtureRow({ id: '1', version: 2 });
const drawer = async (title: string) => (await screen.findByText(title)).closest('.ant-drawer') as HTMLElement;
const save = (within_: HTMLElement) => fireEvent.click(within(within_).getByRole('button', { name: '保存' }));

beforeEach(() => serveFixtures([row]));

describe('ResourceFormDrawer: 新增', () => {
  it('asks for the required fields and sends nothing until they are given', async () => {
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} onClose={() => {}} />);
    const form = await drawer('新增样例');
    save(form);
    const error = { selector: '.ant-form-item-explain-error' };
    expect(await within(form).findByText('请输入名称', error)).toBeTruthy();
    expect(await within(form).findByText('请选择样例类别', error)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a row from only the required fields, the others sent as empty', async () => {
    serve('POST', '/api/fixtures', fixtureRow({ id: '9' }));
    const onClose = vi.fn();
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} onClose={onClose} />);
    const form = await drawer('新增样例');
    expect(within(form).getByText('基本信息')).toBeTruthy();
    expect(within(form).queryByLabelText('样例状态')).toBeNull();
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '新样例' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '样例类别' }));
    fireEvent.click(await screen.findByTitle('甲类'));
    save(form);
    await waitFor(() => expect(lastCall('POST', '/api/fixtures')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures')?.body).toEqual({
      name: '新样例',
      code: null,
      count: null,
      amount: null,
      startDate: null,
      happenedAt: null,
      kind: 0,
      // A switch starts off and is sent as shown.
      urgent: false,
      cityId: null,
      roleIds: [],
      documents: [],
      labels: [],
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ResourceFormDrawer: 保存', () => {
  const fillRequired = async (form: HTMLElement) => {
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '新样例' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '样例类别' }));
    fireEvent.click(await screen.findByTitle('甲类'));
  };

  it('saves once and says 操作成功 once when 保存 is double-clicked', async () => {
    let button: HTMLElement | undefined;
    // The second click lands while the first save is on its way, before the drawer has shown it is busy.
    serve('POST', '/api/fixtures', () => {
      if (button) fireEvent.click(button);
      return fixtureRow({ id: '9' });
    });
    const onClose = vi.fn();
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} onClose={onClose} />);
    const form = await drawer('新增样例');
    await fillRequired(form);
    button = within(form).getByRole('button', { name: '保存' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.url === '/api/fixtures')).toHaveLength(1);
    expect(screen.getAllByText('操作成功')).toHaveLength(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a required field empty, focuses that field and names it in a message', async () => {
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} onClose={() => {}} />);
    const form = await drawer('新增样例');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '新样例' } });
    save(form);
    const notice = await screen.findByText('请选择样例类别', { selector: '.ant-message *' });
    expect(notice).toBeTruthy();
    const kind = within(form).getByRole('combobox', { name: '样例类别' });
    await waitFor(() => expect(document.activeElement).toBe(kind));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('ResourceFormDrawer: 编辑', () => {
  it('loads the latest row and saves it on its version, leaving fields set at creation alone', async () => {
    serve('PUT', '/api/fixtures/:id', row);
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} id="1" onClose={() => {}} />);
    const form = await drawer('编辑样例');
    const name = (await within(form).findByLabelText('名称')) as HTMLInputElement;
    expect(name.value).toBe('样例一');
    expect((within(form).getByLabelText('编码') as HTMLInputElement).disabled).toBe(true);
    expect(within(form).getByText('创建后不可修改')).toBeTruthy();
    fireEvent.change(name, { target: { value: '样例甲' } });
    save(form);
    await waitFor(() => expect(lastCall('PUT', '/api/fixtures/1')).toBeTruthy());
    expect(lastCall('PUT', '/api/fixtures/1')?.body).toEqual({
      name: '样例甲',
      count: 3,
      amount: 12345,
      startDate: '2025-03-01',
      happenedAt: '2025-03-01T02:30:00.000Z',
      kind: 1,
      urgent: true,
      cityId: '1',
      roleIds: ['4'],
      documents: ['private/2025/合同.pdf'],
      labels: ['重点'],
      version: 2,
    });
  });

  it('says so when someone saved first, and 重新加载 brings their version to save on', async () => {
    let version = 2;
    serve('GET', '/api/fixtures/:id', () =>
      fixtureRow({ id: '1', version, name: version > 2 ? '他人改过' : '样例一' }),
    );
    serve('PUT', '/api/fixtures/:id', () => refuse(409, '数据已被他人修改，请刷新后重试'));
    renderWithShell(<ResourceFormDrawer family={fixtureFamily} id="1" onClose={() => {}} />);
    const form = await drawer('编辑样例');
    await within(form).findByDisplayValue('样例一');
    version = 3;
    save(form);
    expect(await within(form).findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(lastCall('PUT', '/api/fixtures/1')?.body).toMatchObject({ version: 2 });
    fireEvent.click(within(form).getByRole('button', { name: '重新加载' }));
    expect(await within(form).findByDisplayValue('他人改过')).toBeTruthy();
    expect(within(form).queryByText('数据已被他人修改，请刷新后重试')).toBeNull();
    serve('PUT', '/api/fixtures/:id', fixtureRow({ id: '1', version: 4 }));
    save(form);
    await waitFor(() =>
      expect(lastCall('PUT', '/api/fixtures/1')?.body).toMatchObject({ version: 3, name: '他人改过' }),
    );
  });
});
