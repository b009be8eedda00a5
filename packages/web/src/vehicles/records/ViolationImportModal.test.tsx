import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/errors';
import { calls, lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { serveLookups } from '../../resource/testing/lookups';
import { renderWithShell } from '../../resource/testing/render';
import { allButtons } from '../testing';
import { ViolationManagementPage } from './pages';
import { violationImportUrl } from './violationImport';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const listUrl = '/api/vehicle-violations';
const violation = {
  id: '21',
  vehicleId: '11',
  plateNo: '京AD12345',
  occurredAt: '2024-05-01T08:00:00.000Z',
  version: 1,
};
const listLoads = () => calls.filter((call) => call.method === 'GET' && call.url === listUrl).length;
const sheet = (name = '违章.xlsx') => new File(['PK'], name, { type: 'application/octet-stream' });

/** Opens 导入违章 and chooses `file` in it. */
async function openAndChoose(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: '导入' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('导入违章')).toBeTruthy();
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
  return dialog;
}

describe('violation import', () => {
  beforeEach(() => {
    resetServer();
    serveLookups();
    serve('GET', listUrl, { list: [violation], total: 1, totalExact: true, page: 1, limit: 10 });
  });

  it('shows no 导入 without the import button', async () => {
    renderWithShell(<ViolationManagementPage />, {
      url: '/violationManagement',
      buttons: ['violationManagement:add', 'violationManagement:export'],
    });
    expect(await screen.findByText('京AD12345')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });

  it('sends the chosen sheet, says what was imported, closes and reloads the list', async () => {
    let answer: (result: unknown) => void = () => {};
    serve('POST', violationImportUrl, () => new Promise((resolve) => (answer = resolve)));
    renderWithShell(<ViolationManagementPage />, { url: '/violationManagement', buttons: allButtons });
    await screen.findByText('京AD12345');
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(lastCall('POST', violationImportUrl)).toBeTruthy());
    expect(start.className).toContain('ant-btn-loading');
    const sent = lastCall('POST', violationImportUrl)?.body as FormData;
    expect((sent.get('file') as File).name).toBe('违章.xlsx');
    const loadsBefore = listLoads();
    answer({ imported: 3, skipped: 1 });
    expect(await screen.findByText('导入成功：新增3条，跳过重复1条')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listLoads()).toBeGreaterThan(loadsBefore));
  });

  it('keeps the dialog open and lists every problem of a refused sheet', async () => {
    const msg = '导入失败：共2处错误，第3行 车牌号「京A00000」不存在；第5行 扣分应为0到12的整数';
    serve('POST', violationImportUrl, () => {
      throw new RequestError(1000, msg, 'business', {
        problems: [
          { row: 3, field: '车牌号', message: '「京A00000」不存在' },
          { row: 5, field: '扣分', message: '应为0到12的整数' },
        ],
      });
    });
    renderWithShell(<ViolationManagementPage />, { url: '/violationManagement', buttons: allButtons });
    const dialog = await openAndChoose(sheet());
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    const loadsBefore = listLoads();
    fireEvent.click(start);
    expect(await within(dialog).findByText(msg)).toBeTruthy();
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
      ['3', '车牌号', '「京A00000」不存在'],
      ['5', '扣分', '应为0到12的整数'],
    ]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(listLoads()).toBe(loadsBefore);
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    renderWithShell(<ViolationManagementPage />, { url: '/violationManagement', buttons: allButtons });
    const dialog = await openAndChoose(sheet('违章.csv'));
    expect(await screen.findByText('文件格式不正确!')).toBeTruthy();
    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(lastCall('POST', violationImportUrl)).toBeUndefined();
  });

  it('downloads the template through the request layer', async () => {
    serve('GET', '/api/gateway/storage/templates/:kind', new Blob(['PK'], { type: 'application/octet-stream' }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    renderWithShell(<ViolationManagementPage />, { url: '/violationManagement', buttons: allButtons });
    fireEvent.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(lastCall('GET', '/api/gateway/storage/templates/violation')).toBeTruthy();
    created.mockRestore();
  });
});
