import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamedFamilies } from '../resource/familyRegistry';
import { RelatedRecords } from '../resource/RelatedList';
import { relatedLists } from '../resource/related';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { rideHailingDriverFamily, taxiDriverFamily } from './families';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const page = (list: object[]) => ({ list, total: list.length, totalExact: true, page: 1, limit: 5 });
const order = { id: '3', orderNo: 'ZL202501010001', driverId: '5', status: 3, deliveryState: 1, driverKind: '1' };
const bill = { id: '8', billNo: 'ZD202501', driverId: '5', status: 1, amount: 350000 };
const totals = {
  due: 700000,
  lateFee: 0,
  received: 350000,
  relieved: 0,
  outstanding: 350000,
  overdue: 0,
  deposit: 500000,
  refunded: 0,
};

// As the driver's page has it: the families its related lists name are loaded before it renders.
beforeAll(() => loadNamedFamilies([rideHailingDriverFamily, taxiDriverFamily]));

beforeEach(() => {
  resetServer();
  serve('GET', '/api/lease-orders', page([order]));
  serve('GET', '/api/bills', page([bill]));
  serve('GET', '/api/customer-accounts/:id', ({ params }: { params: Record<string, string> }) => ({
    driver: { id: params.id, name: '王建国', mobile: '13811112222' },
    totals,
    deposits: [],
    refunds: [],
    byKind: [],
    orders: [
      {
        id: '3',
        orderNo: order.orderNo,
        status: 3,
        startDate: '2025-01-01',
        endDate: '2026-01-01',
        rent: 350000,
        outstanding: 350000,
        overdueDays: 0,
      },
    ],
    payments: [],
  }));
});

describe("网约车司机详情's related records", () => {
  it("lists the driver's 租赁订单 and 账单 first, then 账户 with 查看账户", async () => {
    renderWithShell(<RelatedRecords family={rideHailingDriverFamily} parent={{ id: '5' }} />, {
      menus: ['ridehailingDrivers', 'leaseOrder', 'billList', 'badDebtList'],
    });
    await screen.findByRole('tab', { name: '租赁订单（1）' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['租赁订单（1）', '账单（1）', '账户']);
    expect(await screen.findByText('ZL202501010001')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '账户' }));
    expect((await screen.findByRole('link', { name: '查看账户' })).getAttribute('href')).toBe(
      '/lookaccount?driverId=5',
    );
    expect(await screen.findByText('共 1 个订单')).toBeTruthy();
    expect(screen.getByText('¥5,000.00')).toBeTruthy();
  });

  it('leaves out what the user may not open: no 账户 without 坏账管理, no 账单 without 账单列表', async () => {
    renderWithShell(<RelatedRecords family={rideHailingDriverFamily} parent={{ id: '5' }} />, {
      menus: ['ridehailingDrivers', 'leaseOrder'],
    });
    await screen.findByRole('tab', { name: '租赁订单（1）' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['租赁订单（1）']);
  });
});

describe("a driver's related lists", () => {
  it("are their orders, bills, handovers, returns and violations, each of another feature's screen filtered by the driver", async () => {
    for (const family of [rideHailingDriverFamily, taxiDriverFamily]) {
      await loadNamedFamilies([family]);
      const lists = relatedLists(family);
      expect(lists.map((list) => list.title)).toEqual([
        '租赁订单',
        '账单',
        '交车记录',
        '临时交车',
        '还车记录',
        '违章记录',
      ]);
      expect(lists.every((list) => list.via === 'driverId' && list.screen.filters.includes('driverId'))).toBe(true);
    }
  });
});
