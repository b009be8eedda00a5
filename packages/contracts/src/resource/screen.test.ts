import { describe, expect, it } from 'vitest';
import { competitorWarningResource, competitorWarningScreens } from '../competitors';
import { stage, vehicleLifecycle } from '../vehicles/lifecycle';
import { vehicleResource } from '../vehicles/resource';
import { vehicleRecordScreens, vehicleScreens } from '../vehicles/screens';
import { defineScreen } from './screen';

describe('a screen’s columns', () => {
  it('come in the order identity, key columns, then the rest, a key column added where the screen left it out', () => {
    expect(vehicleScreens.gpsList.columns.slice(0, 4)).toEqual(['plateNo', 'gpsDeviceNo', 'gpsLastSeenAt', 'vin']);
    expect(vehicleScreens.vehicleList.columns.slice(0, 4)).toEqual(['plateNo', 'rentStatus', 'stage', 'labels']);
    expect(vehicleRecordScreens.violationManagement.columns.slice(0, 4)).toEqual([
      'plateNo',
      'points',
      'fine',
      'status',
    ]);
    expect(new Set(vehicleScreens.vehicleList.columns).size).toBe(vehicleScreens.vehicleList.columns.length);
  });

  it('refuse a key column the resource does not have', () => {
    expect(() => defineScreen(vehicleResource, { route: 'vehicleList', key: ['colour', 'wheels' as 'vin'] })).toThrow(
      'vehicle has no field wheels',
    );
  });
});

describe('status tabs', () => {
  it('default their titles to the labels of their values and their keys to the values', () => {
    const screen = defineScreen(vehicleResource, {
      route: 'vehicleList',
      tabs: { field: 'stage', all: true, items: [{ values: [0] }, { values: [5, 8] }] },
    });
    expect(screen.tabs?.items).toEqual([
      { key: 'all', title: '全部', values: null },
      { key: '0', title: '待验车', values: [0] },
      { key: '5-8', title: '租赁中、临时交车', values: [5, 8] },
    ]);
    expect(screen.listQuery.safeParse({ tab: '5-8' }).success).toBe(true);
    expect(screen.listQuery.safeParse({ tab: '3' }).success).toBe(false);
  });

  it('keep within the values the screen lists, and over an enumeration', () => {
    const tabs = { field: 'stage' as const, items: [{ values: [stage.leased] }] };
    expect(() => defineScreen(vehicleResource, { route: 'waitingOut', fixed: { stage: '3,4' }, tabs })).toThrow(
      /are not values of stage/,
    );
    expect(() => defineScreen(vehicleResource, { route: 'vehicleList', tabs: { field: 'vin', items: [] } })).toThrow(
      /need an enumeration field/,
    );
  });
});

describe('deleting in a lifecycle', () => {
  it('is allowed only in the states declared, and says why otherwise', () => {
    expect(vehicleLifecycle.removable(stage.inStock)).toBe(true);
    expect(vehicleLifecycle.removable(stage.leased)).toBe(false);
    expect(vehicleLifecycle.removalRefusal(stage.leased, '车辆')).toBe('车辆当前为「租赁中」，不能删除');
    expect(vehicleLifecycle.removalRefusal(stage.pendingInspection, '车辆')).toBeNull();
  });
});

describe('a screen on a hidden page', () => {
  it('lists the family’s rows under its own page, behind the page’s menu key, on a view endpoint', () => {
    const screen = defineScreen(vehicleResource, { route: 'vehicleDetail', fixed: { stage: '0' } });
    expect(screen.route.hidden).toBe(true);
    expect(screen.route.menuKey).toBe(vehicleScreens.vehicleList.route.menuKey);
    expect(screen.endpoint).toBe('/api/vehicles/views/vehicleDetail');
  });

  it('refuses a hidden page under another family’s page', () => {
    expect(() => defineScreen(vehicleResource, { route: 'deliveryDetail' })).toThrow('nor a page under vehicleList');
  });
});

describe('a child page’s screen (`/x/:type`)', () => {
  const { warnings } = competitorWarningScreens;

  it('is at its route’s path with the parameter filled, titled by what it lists, with its page’s buttons', () => {
    expect(warnings.route.path).toBe('/cp-competition-management/ride-hailing-info/:type');
    expect(warnings.path).toBe('/cp-competition-management/ride-hailing-info/warnings');
    expect(warnings.title).toBe('政策预警');
    expect(warnings.button('delete')).toBe('cp-competition-management.ride-hailing-info:delete');
    expect(warnings.exportButton).toBe('cp-competition-management.ride-hailing-info:export');
    expect(warnings.endpoint).toBe('/api/competitor/warnings/views/cp-competition-management.ride-hailing-info.type');
  });

  it('refuses parameters that do not fill its route', () => {
    const route = 'cp-competition-management.ride-hailing-info.type';
    expect(() => defineScreen(competitorWarningResource, { route, params: { kind: 'warnings' } })).toThrow(
      'do not fill',
    );
    expect(() => defineScreen(competitorWarningResource, { route, params: { type: '../x' } })).toThrow('do not fill');
  });

  it('leaves a screen without parameters at its route’s path and buttons', () => {
    expect(vehicleScreens.gpsList.path).toBe(vehicleScreens.gpsList.route.path);
    expect(vehicleScreens.gpsList.button('export')).toBe('gpsList:export');
  });
});
