import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LookupField } from './LookupField';
import { lookupOptions, lookupTree } from './lookups';
import { resetServer } from './testing/fakeServer';
import { catalog, serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));

beforeEach(() => {
  resetServer();
  serveLookups();
});

describe('lookups', () => {
  it('takes brands from the top of the vehicle catalogue and series from the level below', () => {
    expect(lookupOptions('brand', catalog)).toEqual([
      { label: '比亚迪', value: '1' },
      { label: '广汽埃安', value: '9' },
    ]);
    expect(lookupOptions('series', catalog).map((option) => option.label)).toEqual(['秦PLUS', 'AION S']);
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

  it('takes a typed id for a lookup it has no list for', () => {
    renderWithShell(
      <Form>
        <Form.Item label="车辆" name="vehicleId">
          <LookupField lookup="vehicle" />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: '车辆' })).toBeTruthy();
  });
});
