import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { WidgetApiProvider } from '../widgets/api/WidgetApiContext';
import { ContractPanel } from './ContractPanel';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.mock('../widgets/pdf/PdfViewer', () => ({
  PdfViewer: ({ url, fileName }: { url: string; fileName?: string }) => (
    <div>
      PDF阅读器 {url} {fileName}
    </div>
  ),
}));
vi.setConfig({ testTimeout: 20_000 });

const version = (n: number, reason: number, summary: string, status = 2) => {
  const location = `private/2026/11/v${n}.pdf`;
  return {
    id: String(10 + n),
    orderId: 5,
    contractNo: 'HTZL2026110100000001',
    versionNo: n,
    reason,
    summary,
    status,
    file: status === 2 ? [location] : [],
    fileNames: status === 2 ? { [location]: `HTZL2026110100000001_第${n}版.pdf` } : {},
    createdAt: `2026-11-0${n}T10:00:00+08:00`,
  };
};

function renderPanel() {
  const resolveFileUrl = vi.fn(async (location: string) => `/signed/${location}`);
  renderWithShell(
    <WidgetApiProvider api={{ uploadFile: vi.fn(), resolveFileUrl }}>
      <ContractPanel record={{ id: '5', version: 4, status: 3 }} />
    </WidgetApiProvider>,
  );
  return resolveFileUrl;
}

beforeEach(() => resetServer());

describe('合同 on a lease order', () => {
  it('lists every version, opens the newest in the reader, and an older one when asked', async () => {
    serve('GET', '/api/lease-contracts/views/contracts', {
      list: [version(2, 3, '延期 2 个月（租期 12 → 14 个月）'), version(1, 1, '订单审批通过，合同生效')],
      total: 2,
      totalExact: true,
      page: 1,
      limit: 50,
    });
    const resolve = renderPanel();
    expect(
      await screen.findByText('PDF阅读器 /signed/private/2026/11/v2.pdf HTZL2026110100000001_第2版.pdf'),
    ).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/views/contracts'))?.query).toMatchObject({ orderId: '5' });
    expect(screen.getByText('第2版')).toBeTruthy();
    expect(screen.getByText('延期')).toBeTruthy();
    expect(screen.getByText('订单审批通过')).toBeTruthy();
    const older = screen.getByText('第1版').closest('tr') as HTMLElement;
    fireEvent.click(within(older).getByRole('button', { name: '查看' }));
    expect(
      await screen.findByText('PDF阅读器 /signed/private/2026/11/v1.pdf HTZL2026110100000001_第1版.pdf'),
    ).toBeTruthy();
    expect(resolve).toHaveBeenCalledWith('private/2026/11/v1.pdf');
  });

  it('says a version is still being made', async () => {
    serve('GET', '/api/lease-contracts/views/contracts', {
      list: [version(1, 1, '订单审批通过，合同生效', 1)],
      total: 1,
      totalExact: true,
      page: 1,
      limit: 50,
    });
    renderPanel();
    expect(await screen.findByText('合同生成中，请稍候')).toBeTruthy();
    expect(screen.getByText('生成中')).toBeTruthy();
  });

  it('shows an order without versions as waiting for its approval', async () => {
    serve('GET', '/api/lease-contracts/views/contracts', { list: [], total: 0, totalExact: true, page: 1, limit: 50 });
    renderPanel();
    expect(await screen.findByText('订单审批通过后生成合同')).toBeTruthy();
  });
});
