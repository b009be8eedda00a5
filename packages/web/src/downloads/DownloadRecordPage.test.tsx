import type { DownloadRecordDto, PageResult } from '@cp/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import { rowOf } from '../resource/testing/rows';
import type { DownloadsApi } from './api';
import { DownloadRecordPage } from './DownloadRecordPage';

function record(fields: Partial<DownloadRecordDto> & Pick<DownloadRecordDto, 'id' | 'status'>): DownloadRecordDto {
  const labels = ['排队中', '生成中', '已完成', '失败', '已过期'];
  return {
    kind: 'roleManagement',
    name: `角色列表_2025060108300${fields.id}`,
    fileName: `角色列表_2025060108300${fields.id}.xlsx`,
    statusLabel: labels[fields.status] ?? '',
    progress: 0,
    rowCount: 0,
    size: 0,
    failureReason: '',
    createdAt: '2025-06-01T00:30:00.000Z',
    finishedAt: null,
    expiresAt: null,
    downloadable: false,
    ...fields,
  };
}

const pageOf = (list: DownloadRecordDto[], total = list.length, page = 1): PageResult<DownloadRecordDto> => ({
  list,
  total,
  totalExact: true,
  page,
  limit: 20,
});

function fakeApi(pages: PageResult<DownloadRecordDto>[]): DownloadsApi & { list: ReturnType<typeof vi.fn> } {
  let call = 0;
  return {
    list: vi.fn(async () => pages[Math.min(call++, pages.length - 1)] as PageResult<DownloadRecordDto>),
    link: vi.fn(async (id: string) => ({
      url: `/api/files/signed/token-${id}/file.xlsx`,
      fileName: 'file.xlsx',
      expiresAt: '2025-06-01T00:40:00.000Z',
    })),
    submitExport: vi.fn(),
  };
}

function renderPage(api: DownloadsApi, save = vi.fn(), refreshMs = 2000, path = '/downloadRecord') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <DownloadRecordPage api={api} save={save} refreshMs={refreshMs} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return save;
}

describe('DownloadRecordPage', () => {
  it('lists the exports with their status, progress, rows, size and failure reason', async () => {
    const api = fakeApi([
      pageOf([
        record({ id: '3', status: 1, progress: 40, rowCount: 40_000 }),
        record({ id: '2', status: 2, progress: 100, rowCount: 1234, size: 14_540, downloadable: true }),
        record({ id: '1', status: 3, failureReason: '任务执行中断（服务重启或超时），已尝试3次' }),
      ]),
    ]);
    renderPage(api);
    const running = await rowOf('角色列表_20250601083003');
    expect(within(running).getByText('生成中')).toBeTruthy();
    expect(within(running).getByText('40,000')).toBeTruthy();
    expect(running.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('40');
    const done = await rowOf('角色列表_20250601083002');
    expect(within(done).getByText('已完成')).toBeTruthy();
    expect(within(done).getByText('14.2 KB')).toBeTruthy();
    const failed = await rowOf('角色列表_20250601083001');
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('任务执行中断（服务重启或超时），已尝试3次')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith({ page: 1, limit: 20 });
  });

  it('offers 下载 only for finished files, and saves from the signed address', async () => {
    const api = fakeApi([
      pageOf([record({ id: '2', status: 2, downloadable: true, size: 100 }), record({ id: '1', status: 4 })]),
    ]);
    const save = renderPage(api);
    const done = await rowOf('角色列表_20250601083002');
    const expired = await rowOf('角色列表_20250601083001');
    expect(within(expired).getByRole('button', { name: '下载' })).toHaveProperty('disabled', true);
    fireEvent.click(within(done).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('/api/files/signed/token-2/file.xlsx'));
    expect(api.link).toHaveBeenCalledWith('2');
  });

  it('refreshes on its own while an export is queued or running, and stops once all are settled', async () => {
    const api = fakeApi([
      pageOf([record({ id: '1', status: 0 })]),
      pageOf([record({ id: '1', status: 1, progress: 60 })]),
      pageOf([record({ id: '1', status: 2, progress: 100, rowCount: 5, size: 2048, downloadable: true })]),
    ]);
    renderPage(api, vi.fn(), 30);
    expect(await screen.findByText('排队中')).toBeTruthy();
    expect(await screen.findByText('生成中')).toBeTruthy();
    expect(await screen.findByText('已完成')).toBeTruthy();
    const calls = api.list.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.list.mock.calls.length).toBe(calls);
  });

  it('pages on the server', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => record({ id: String(i + 1), status: 2 }));
    const api = fakeApi([pageOf(rows, 45)]);
    renderPage(api);
    await screen.findByText('共 45 条');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ page: 2, limit: 20 }));
  });
});
