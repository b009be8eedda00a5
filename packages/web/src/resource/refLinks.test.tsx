import { defineResource, defineScreen, fields } from '@cp/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type DetailTab, defineFamily, type WebFamily } from './family';
import { RelatedRecords } from './RelatedList';
import { ResourceDescriptions } from './ResourceDescriptions';
import { useRefLinks } from './refLinks';
import { serve } from './testing/fakeServer';
import { fixtureFamily, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';
import { rowOf } from './testing/rows';
import type { ResourceRecord } from './types';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** Two families with detail pages a reference may open: 交车详情 (under 交车记录) and 车辆详情. */
const deliveryResource = defineResource({
  key: 'fixtureDelivery',
  title: '样例交车',
  page: 'deliveryRecord',
  endpoint: '/api/fixture-deliveries',
  identity: 'title',
  defaultSort: { field: 'title', order: 'asc' },
  fields: { title: fields.text('标题', { form: false }) },
});
const deliveryFamily = defineFamily({
  resource: deliveryResource,
  screens: { deliveryRecord: defineScreen(deliveryResource, { route: 'deliveryRecord' }) },
  routes: { detail: 'deliveryDetail' },
});
const vehicleish = defineFamily({ ...fixtureFamily, routes: { detail: 'vehicleDetail' } });

/** A row referring to both: its 车辆 always a vehicle, its 记录 a delivery or a vehicle as the row says. */
const orderResource = defineResource({
  key: 'fixtureOrder',
  title: '样例订单',
  page: 'leaseOrder',
  endpoint: '/api/fixture-orders',
  identity: 'orderNo',
  defaultSort: { field: 'orderNo', order: 'asc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    recordId: fields.ref('记录', 'vehicle', { form: false }),
  },
});
const orderFamily = defineFamily({
  resource: orderResource,
  screens: { leaseOrder: defineScreen(orderResource, { route: 'leaseOrder', filters: ['vehicleId'] }) },
  refLinks: () => ({
    vehicleId: vehicleish,
    recordId: (row) => (row.recordKind === 'delivery' ? deliveryFamily : undefined),
  }),
});

function Shown({ family, record }: { family: WebFamily; record: ResourceRecord }) {
  return <ResourceDescriptions resource={family.resource} record={record} link={useRefLinks(family)} />;
}

const order = {
  id: '3',
  orderNo: 'ZL001',
  vehicleId: '7',
  vehicleName: '京A12345',
  recordId: '9',
  recordName: '交车单9',
  recordKind: 'delivery',
};

beforeEach(() => serveFixtures([]));

describe('a reference links to the referenced row’s page', () => {
  it('for a user who may open that page; the family (or the row) says which page', () => {
    renderWithShell(<Shown family={orderFamily} record={order} />, { menus: ['vehicleList', 'deliveryRecord'] });
    expect(screen.getByRole('link', { name: '京A12345' }).getAttribute('href')).toBe('/vehicleDetail?id=7');
    expect(screen.getByRole('link', { name: '交车单9' }).getAttribute('href')).toBe('/deliveryDetail?id=9');
    // The order number is the row's own: no link.
    expect(screen.queryByRole('link', { name: 'ZL001' })).toBeNull();
  });

  it('as text for a user without that page, and where the row names no page', () => {
    renderWithShell(<Shown family={orderFamily} record={{ ...order, recordKind: 'other' }} />, {
      menus: ['deliveryRecord'],
    });
    expect(screen.getByText('京A12345')).toBeTruthy();
    expect(screen.getByText('交车单9')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('an empty reference is the empty mark, never a link', () => {
    renderWithShell(<Shown family={orderFamily} record={{ ...order, vehicleId: null, vehicleName: undefined }} />, {
      menus: ['vehicleList', 'deliveryRecord'],
    });
    expect(screen.queryByRole('link', { name: /京A/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it("in a related list's cells too", async () => {
    serve('GET', '/api/fixture-orders', { list: [order], total: 1, totalExact: true, page: 1, limit: 5 });
    const parent = defineFamily({
      ...fixtureFamily,
      related: () => [{ family: orderFamily, screen: 'leaseOrder', via: 'vehicleId' }],
    });
    renderWithShell(<RelatedRecords family={parent} parent={{ id: '7' }} />, {
      menus: ['vehicleList', 'leaseOrder', 'deliveryRecord'],
    });
    const row = await rowOf('ZL001');
    expect(within(row).getByRole('link', { name: '交车单9' }).getAttribute('href')).toBe('/deliveryDetail?id=9');
  });
});

const Summary = ({ record }: { record: ResourceRecord }) => <p>第{record.id}号的汇总</p>;

describe("a detail page's own tabs", () => {
  const tabs: readonly DetailTab[] = [{ key: 'summary', title: '汇总', route: 'lookaccount', render: Summary }];
  const family = defineFamily({
    ...fixtureFamily,
    related: () => [{ family: orderFamily, screen: 'leaseOrder', via: 'vehicleId' }],
    detailTabs: tabs,
  });

  beforeEach(() => {
    serve('GET', '/api/fixture-orders', { list: [], total: 0, totalExact: true, page: 1, limit: 5 });
  });

  it('follow the related lists, for a user who may open their page', async () => {
    renderWithShell(<RelatedRecords family={family} parent={{ id: '7' }} />, {
      menus: ['vehicleList', 'leaseOrder', 'badDebtList'],
    });
    await screen.findByRole('tab', { name: '样例订单（0）' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['样例订单（0）', '汇总']);
    fireEvent.click(screen.getByRole('tab', { name: '汇总' }));
    expect(await screen.findByText('第7号的汇总')).toBeTruthy();
  });

  it('are left out for a user who may not, and alone keep the card', async () => {
    const view = renderWithShell(<RelatedRecords family={family} parent={{ id: '7' }} />, {
      menus: ['vehicleList', 'leaseOrder'],
    });
    expect(await screen.findByRole('tab', { name: /样例订单/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '汇总' })).toBeNull();
    view.unmount();
    renderWithShell(<RelatedRecords family={family} parent={{ id: '7' }} />, { menus: ['vehicleList', 'badDebtList'] });
    expect(await screen.findByRole('tab', { name: '汇总' })).toBeTruthy();
  });
});
