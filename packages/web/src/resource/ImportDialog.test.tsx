import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/errors';
import { ResourceListPage } from './ResourceListPage';
import { calls, lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, fixtureScreens, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const importUrl = '/api/fixtures/import';
const listLoads = () => calls.filter((call) => call.method === 'GET' && call.url === '/api/fixtures').length;
const sheet = (name = '样例.xlsx') => new File(['PK'], name, { type: 'application/octet-stream' });

function renderList(buttons: readonly string[] = ['vehicleList:add', 'vehicleList:import', 'vehicleList:export']) {
  return renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.vehicleList} />, {
    url: '/vehicleList',
    buttons,
  });
}

/** Opens 导入样例 and chooses `file` in it. */
async function openAndChoose(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: '导入' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('导入样例')).toBeTruthy();
  expect(within(dialog).getByText(/名称已存在的行会跳过。/)).toBeTruthy();
  expect(within(dialog).getByText('仅支持 .xlsx，不超过2MB，一次最多500条')).toBeTruthy();
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
  return dialog;
}

beforeEach(() => serveFixtures([fixtureRow()]));

describe('ImportDialog', () => {
  it('is not offered without the import button', async () => {
    renderList(['vehicleList:add', 'vehicleList:export']);
    expect(await screen.findByText('样例一')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });

  it('sends the chosen sheet, says what was imported, closes and reloads the list', async () => {
    let answer: (result: unknown) => void = () => {};
    serve('POST', importUrl, () => new Promise((resolve) => (answer = resolve)));
    renderList();
    await screen.findByText('样例一');
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(lastCall('POST', importUrl)).toBeTruthy());
    await waitFor(() => expect(start.className).toContain('ant-btn-loading'));
    const sent = lastCall('POST', importUrl)?.body as FormData;
    expect((sent.get('file') as File).name).toBe('样例.xlsx');
    const loadsBefore = listLoads();
    answer({ imported: 3, skipped: 1 });
    expect(await screen.findByText('导入成功：新增3条，跳过重复1条')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listLoads()).toBeGreaterThan(loadsBefore));
  });

  it('keeps the dialog open and shows a refused sheet’s problems once: a one-line count and the table', async () => {
    const msg = '导入失败：共2处错误，第3行 城市「火星」不存在；第5行 数量不能大于999';
    serve('POST', importUrl, () => {
      throw new RequestError(1000, msg, 'business', {
        problems: [
          { row: 3, field: '城市', message: '「火星」不存在' },
          { row: 5, field: '数量', message: '不能大于999' },
        ],
        total: 2,
      });
    });
    renderList();
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    const loadsBefore = listLoads();
    fireEvent.click(start);
    expect(await within(dialog).findByText('导入失败：共2处问题，请修改后重新导入（本次未保存任何数据）')).toBeTruthy();
    // The request layer is asked not to toast the refusal, and the dialog does not repeat the rows in words.
    expect(lastCall('POST', importUrl)?.config).toMatchObject({ showsError: true });
    expect(screen.queryByText(msg)).toBeNull();
    expect(screen.getAllByText('「火星」不存在')).toHaveLength(1);
    const table = within(dialog).getByRole('table');
    expect(within(table).getByText('行号')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['3', '城市', '「火星」不存在'],
      ['5', '数量', '不能大于999'],
    ]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(listLoads()).toBe(loadsBefore);
  });

  it('says how many problems there are in all when the table holds only the first ones', async () => {
    const problems = Array.from({ length: 200 }, (_, index) => ({
      row: index + 2,
      field: '名称',
      message: '不能为空',
    }));
    serve('POST', importUrl, () => {
      throw new RequestError(1000, '导入失败：共350处错误，…', 'business', { problems, total: 350 });
    });
    renderList();
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    const summary = '导入失败：共350处问题，下表列出前200处，请修改后重新导入（本次未保存任何数据）';
    expect(await within(dialog).findByText(summary)).toBeTruthy();
  });

  it('shows a refusal without rows (not the template, a server failure) in the dialog, once', async () => {
    serve('POST', importUrl, () => {
      throw new RequestError(500, '系统接口500异常', 'http');
    });
    renderList();
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    expect(await within(dialog).findByText('系统接口500异常')).toBeTruthy();
    expect(screen.getAllByText('系统接口500异常')).toHaveLength(1);
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    renderList();
    const dialog = await openAndChoose(sheet('样例.csv'));
    expect(await screen.findByText('文件格式不正确!')).toBeTruthy();
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(lastCall('POST', importUrl)).toBeUndefined();
  });

  it("downloads the resource's template through the request layer", async () => {
    serve('GET', '/api/gateway/storage/templates/:kind', new Blob(['PK'], { type: 'application/octet-stream' }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(lastCall('GET', '/api/gateway/storage/templates/fixture')).toBeTruthy();
    created.mockRestore();
  });
});
