import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import type { DownloadsApi } from './api';
import { useListExport } from './useListExport';

function RoleList({ api }: { api: DownloadsApi }) {
  const { exportList, exporting, resultModal } = useListExport('roleManagement', api);
  return (
    <>
      <button type="button" disabled={exporting} onClick={() => exportList({ keyword: '超级' })}>
        导出
      </button>
      {resultModal}
    </>
  );
}

describe('useListExport', () => {
  it('queues the list’s export with its filters, then opens the export result dialog', async () => {
    const api: DownloadsApi = { list: vi.fn(), link: vi.fn(), submitExport: vi.fn(async () => ({}) as never) };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <RoleList api={api} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('提交结果页用于反馈一系列操作任务的处理结果，请到下载中心进行查看')).toBeTruthy();
    expect(api.submitExport).toHaveBeenCalledWith('roleManagement', { keyword: '超级' });
    expect(screen.getByRole('button', { name: '跳转至下载中心' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '返回列表' })).toBeTruthy());
  });
});
