import { leaseOrderScreens } from '@cp/contracts';
import { buttonKeys } from '@cp/contracts/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaseOrderFamily } from '../orders/families';
import { rowActionLayout, rowActionsWidth, rowControlTitles, screenControls } from './controls';
import { RowActions } from './RowActions';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));

const controls = screenControls(leaseOrderFamily, leaseOrderScreens.leaseOrder).filter(
  (control) => control.place === 'row',
);
const orderButtons = buttonKeys.filter((key) => key.startsWith('leaseOrder:'));

function renderRow(record: Record<string, unknown>, buttons: readonly string[] = orderButtons) {
  const onOpen = vi.fn();
  renderWithShell(
    <RowActions
      family={leaseOrderFamily}
      controls={controls}
      record={{ id: '7', version: 1, orderNo: 'ZL2026112700000007', ...record }}
      onOpen={onOpen}
    />,
    { buttons, menus: ['leaseOrder'] },
  );
  return onOpen;
}

const inline = () =>
  screen
    .getAllByRole('button')
    .filter((button) => !button.closest('[data-testid="row-actions-more"]'))
    .map((button) => button.textContent);

describe('RowActions: a row with more actions than fit', () => {
  it('shows 详情 and the first actions that fit in the row and gathers the rest under 更多, each still working', async () => {
    // An order in force whose car is with the driver: 退租, 延期, 续租, 换车, 修改订单类型, 关联订单.
    const onOpen = renderRow({ status: 3, deliveryState: 1 });
    expect(inline()).toEqual(['详情', '退租', '延期', '更多']);
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    const more = await screen.findByTestId('row-actions-more');
    expect(
      within(more)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['续租', '换车', '修改订单类型', '关联订单']);
    fireEvent.click(within(more).getByRole('button', { name: '续租' }));
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'action', target: expect.objectContaining({ action: 'continue', id: '7' }) }),
    );
    await waitFor(() => expect(screen.getByTestId('row-actions-more').closest('.ant-popover-hidden')).toBeTruthy());
  });

  it('keeps every action in the row when they fit, and offers no 更多', () => {
    // A cancelled order offers nothing but 详情; one waiting for approval 提交审批 and a few more.
    renderRow({ status: 0, deliveryState: 0 });
    expect(inline()).toEqual(['详情']);
  });

  it('counts only the actions the user holds', () => {
    renderRow({ status: 3, deliveryState: 1 }, ['leaseOrder:endLease', 'leaseOrder:delay']);
    expect(inline()).toEqual(['详情', '退租', '延期']);
    expect(screen.queryByRole('button', { name: '更多' })).toBeNull();
  });

  it('sizes the 操作 column for the widest collapsed row, far below every action side by side', () => {
    const rows = rowControlTitles(leaseOrderFamily, controls).map((titles) => ['详情', ...titles]);
    const width = rowActionsWidth(rows);
    expect(width).toBeLessThanOrEqual(250);
    const everything = rows.reduce((widest, titles) => (titles.length > widest.length ? titles : widest), []);
    expect(rowActionLayout(everything)).toMatchObject({ more: true });
    expect(rowActionLayout(['详情', '编辑', '删除'])).toEqual({ inline: 3, more: false });
  });
});
