import { lookupOf } from '@cp/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LookupField } from './LookupField';
import { lookupOptions, lookupTree } from './lookups';
import { lastCall, resetServer, serve } from './testing/fakeServer';
import { catalog, serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));

beforeEach(() => {
  resetServer();
  serveLookups();
});

describe('lookups', () => {
  it('takes brands from the top of the vehicle catalogue and series from the level below', () => {
    expect(lookupOptions(lookupOf('brand'), catalog)).toEqual([
      { label: '比亚迪', value: '1' },
      { label: '广汽埃安', value: '9' },
    ]);
    expect(lookupOptions(lookupOf('series'), catalog).map((option) => option.label)).toEqual(['秦PLUS', 'AION S']);
  });

  it('lets only the models, the leaves of the catalogue, be chosen', () => {
    const [brand] = lookupTree(catalog);
    expect(brand?.selectable).toBe(false);
    expect(brand?.children?.[0]?.selectable).toBe(false);
    expect(brand?.children?.[0]?.children?.[0]).toEqual({
      title: '秦PLUS EV 2023款 510km',
      value: '3',
      selectable: true,
    });
  });

  it('offers the companies the server lists', async () => {
    renderWithShell(
      <Form>
        <Form.Item label="所属公司" name="companyId">
          <LookupField lookup="company" />
        </Form.Item>
      </Form>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '所属公司' }));
    expect(await screen.findByTitle('天津CP汽车租赁有限公司')).toBeTruthy();
  });

  it('searches a large lookup on the server as the user types, with its filters', async () => {
    serve('GET', '/api/lookups/vehicles', ({ query }: { query: unknown }) =>
      (query as { search?: string }).search === '京A' ? [{ label: '京AD12345', value: '7' }] : [],
    );
    renderWithShell(
      <Form>
        <Form.Item label="车辆" name="vehicleId">
          <LookupField lookup="vehicle" filters={{ stage: '3,7' }} />
        </Form.Item>
      </Form>,
    );
    const field = screen.getByRole('combobox', { name: '车辆' });
    fireEvent.mouseDown(field);
    fireEvent.change(field, { target: { value: '京A' } });
    expect(await screen.findByTitle('京AD12345')).toBeTruthy();
    expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ stage: '3,7', search: '京A' });
  });

  it('names the row already chosen in a searched lookup by its id, before any search', async () => {
    serve('GET', '/api/lookups/vehicles', ({ query }: { query: unknown }) =>
      (query as { ids?: string }).ids === '11' ? [{ label: '京AD11111', value: '11' }] : [],
    );
    renderWithShell(
      <Form initialValues={{ vehicleId: '11' }}>
        <Form.Item label="车辆" name="vehicleId">
          <LookupField lookup="vehicle" />
        </Form.Item>
      </Form>,
    );
    expect(await screen.findByTitle('京AD11111')).toBeTruthy();
  });
});
