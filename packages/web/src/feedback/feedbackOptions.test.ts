import type { MenuNode } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { menuOptions } from './feedbackOptions';

describe('menuOptions', () => {
  it('lists the pages of the menu tree with their section and group, skipping empty sections', () => {
    const menuData: MenuNode[] = [
      {
        key: 'vehicle',
        title: '车辆管理',
        children: [
          { key: 'vehicleList', title: '车辆列表', path: '/vehicleList' },
          {
            key: 'inbound',
            title: '入库管理',
            children: [{ key: 'vehicleInspected', title: '待验车辆', path: '/vehicleInspected' }],
          },
        ],
      },
      { key: 'order', title: '订单管理', children: [] },
    ];
    expect(menuOptions(menuData).map((option) => option.value)).toEqual([
      '车辆管理 / 车辆列表',
      '车辆管理 / 入库管理 / 待验车辆',
    ]);
  });

  it('lists a page reachable twice only once', () => {
    const twice: MenuNode = { key: 'a', title: '租赁订单', path: '/leaseOrder' };
    expect(menuOptions([twice, twice])).toHaveLength(1);
  });
});
