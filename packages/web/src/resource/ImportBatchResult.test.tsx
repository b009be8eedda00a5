import { defineResource } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportBatchLink } from './family';
import { ImportDialog } from './ImportDialog';
import { lastCall, resetServer, serve } from './testing/fakeServer';
import { fixtureResource } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** The fixture imported row by row: each upload kept as a batch. */
const byRow = defineResource({ ...fixtureResource, import: { key: ['name'], maxRows: 10_000, mode: 'rows' } });
const batch = { batchId: '42', rows: 10, imported: 7, duplicates: 2, refused: 1 };

async function importSheet(batchPage?: ImportBatchLink) {
  const onClose = vi.fn();
  const view = renderWithShell(<ImportDialog resource={byRow} title="导入" batchPage={batchPage} onClose={onClose} />, {
    url: '/vehicleList',
  });
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText(/每行单独校验：通过的行保存，重复的行跳过，有错误的行不导入并说明原因。/),
  ).toBeTruthy();
  const file = new File(['PK'], '样例.xlsx', { type: 'application/octet-stream' });
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
  const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
  await waitFor(() => expect(start.disabled).toBe(false));
  fireEvent.click(start);
  await waitFor(() => expect(lastCall('POST', '/api/fixtures/import')).toBeTruthy());
  return { onClose, view };
}

beforeEach(() => {
  resetServer();
  serve('POST', '/api/fixtures/import', batch);
});

describe('ImportDialog: a resource importing row by row', () => {
  it('shows the batch’s counts instead of closing, until the user has read them', async () => {
    const { onClose } = await importSheet();
    expect(await screen.findByText('导入完成：已导入7条，重复跳过2条，未通过1条')).toBeTruthy();
    expect(screen.getByText('导入样例结果')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看每行结果' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('links to the batch’s per-row results where the family has a page for them', async () => {
    const { onClose, view } = await importSheet({ route: 'vehicleDetail', param: 'batchId' });
    fireEvent.click(await screen.findByRole('button', { name: '查看每行结果' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(view.location()?.search).toBe('?batchId=42'));
  });

  it('opens the batch’s detail on its list where the batches have no page of their own', async () => {
    const { view } = await importSheet({ route: 'vehicleList', param: 'detail' });
    fireEvent.click(await screen.findByRole('button', { name: '查看每行结果' }));
    await waitFor(() => expect(view.location()?.search).toBe('?detail=42'));
  });
});
