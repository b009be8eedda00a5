import { defineScreen, type Screen, vehicleResource, vehicleScreens } from '@cp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import { buildColumns } from './buildColumns';
import { prefetchResourceList } from './listQuery';
import { ResourceSearchPanel } from './ResourceSearchPanel';
import { ResourceTable } from './ResourceTable';
import { calls, lastCall, refuse, resetServer, serve } from './testing/fakeServer';
import { serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';
import { vehicleRow } from './testing/vehicleRow';
import { useResourceList } from './useResourceList';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

/** The vehicle list searched by three filters. */
const vehicles = defineScreen(vehicleResource, { route: 'vehicleList', filters: ['plateNo', 'energyType', 'stage'] });

function VehicleList({ screen = vehicles }: { screen?: Screen }) {
  const list = useResourceList(screen);
  return (
    <>
      <ResourceSearchPanel list={list} />
      <ResourceTable
        list={list}
        columns={buildColumns(vehicleResource, { only: ['plateNo', 'mileage'], sort: list.sort })}
      />
    </>
  );
}

beforeEach(() => {
  resetServer();
  serveLookups();
  serve('GET', '/api/vehicles', ({ query }: { query: unknown }) => {
    const { page, limit } = query as { page: number; limit: number };
    return { list: [vehicleRow()], total: 1, totalExact: true, page, limit };
  });
});

const listQuery = () => lastCall('GET', '/api/vehicles')?.query;

describe('prefetchResourceList: the first page requested before the list renders', () => {
  it('is the page the list then shows for that URL, asked for once', async () => {
    const queryClient = createQueryClient();
    const search = '?plateNo=%E4%BA%ACA&stage=0,3&sort=mileage&order=asc&page=2';
    prefetchResourceList(queryClient, vehicles, search);
    renderWithShell(<VehicleList />, { url: `/vehicleList${search}`, queryClient });
    expect(await screen.findByText('京AD12345')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/vehicles').map((call) => call.query)).toEqual([
      { page: 2, limit: 20, sort: 'mileage', order: 'asc', plateNo: '京A', stage: '0,3' },
    ]);
  });

  it('leaves a failure for the list, which asks again and shows the rows', async () => {
    const queryClient = createQueryClient();
    let refusals = 1;
    serve('GET', '/api/vehicles', ({ query }: { query: unknown }) => {
      if (refusals-- > 0) refuse(1002, '登录已过期');
      const { page, limit } = query as { page: number; limit: number };
      return { list: [vehicleRow()], total: 1, totalExact: true, page, limit };
    });
    prefetchResourceList(queryClient, vehicles, '');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/vehicles')).toHaveLength(1));
    renderWithShell(<VehicleList />, { url: '/vehicleList', queryClient });
    expect(await screen.findByText('京AD12345')).toBeTruthy();
  });
});

describe('useResourceList: a list whose state is the URL', () => {
  it('asks the server for the filters, page, size and sort in the URL, and shows them', async () => {
    renderWithShell(<VehicleList />, {
      url: '/vehicleList?plateNo=%E4%BA%ACA&energyType=1&stage=0,3&sort=mileage&order=asc&page=2&limit=50',
    });
    expect(await screen.findByText('京AD12345')).toBeTruthy();
    expect(listQuery()).toEqual({
      page: 2,
      limit: 50,
      sort: 'mileage',
      order: 'asc',
      plateNo: '京A',
      energyType: '1',
      stage: '0,3',
    });
    expect((screen.getByRole('textbox', { name: '车牌号' }) as HTMLInputElement).value).toBe('京A');
    expect(screen.getByTitle('纯电动')).toBeTruthy();
  });

  it('puts a search in the URL and starts again at page 1; 重置 clears it', async () => {
    const view = renderWithShell(<VehicleList />, { url: '/vehicleList?page=3' });
    await screen.findByText('京AD12345');
    fireEvent.change(screen.getByRole('textbox', { name: '车牌号' }), { target: { value: '京B' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '能源类型' }));
    fireEvent.click(await screen.findByTitle('纯电动'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(view.search().get('plateNo')).toBe('京B'));
    expect(view.search().get('energyType')).toBe('1');
    expect(view.search().has('page')).toBe(false);
    await waitFor(() => expect(listQuery()).toEqual({ page: 1, limit: 20, plateNo: '京B', energyType: '1' }));
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(view.search().toString()).toBe(''));
  });

  it('sorts on the server when a sortable column header is clicked', async () => {
    const view = renderWithShell(<VehicleList />, { url: '/vehicleList' });
    await screen.findByText('京AD12345');
    fireEvent.click(screen.getByRole('columnheader', { name: '里程（公里）' }));
    await waitFor(() => expect(view.search().get('sort')).toBe('mileage'));
    expect(view.search().get('order')).toBe('desc');
    await waitFor(() => expect(listQuery()).toMatchObject({ sort: 'mileage', order: 'desc' }));
  });

  it("leaves a screen's fixed filter to its view endpoint: not asked from the URL, not in the search panel", async () => {
    const view = '/api/vehicles/views/vehicleInspected';
    serve('GET', view, ({ query }: { query: unknown }) => {
      const { page, limit } = query as { page: number; limit: number };
      return { list: [vehicleRow()], total: 1, totalExact: true, page, limit };
    });
    renderWithShell(<VehicleList screen={vehicleScreens.vehicleInspected} />, { url: '/vehicleInspected?stage=5' });
    await screen.findByText('京AD12345');
    expect(lastCall('GET', view)?.query).toEqual({ page: 1, limit: 20 });
    expect(listQuery()).toBeUndefined();
    expect(screen.queryByLabelText('车辆阶段')).toBeNull();
  });
});
