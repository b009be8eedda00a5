import { buildMenuTree, menuKeys, routesByKey, sections } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { testRoute } from '../test/routes';
import { breadcrumbTrail, firstPagePath, groupKeyOf, visibleMenu } from './menus';

const everything = buildMenuTree(new Set(menuKeys));
const titles = (nodes: { title: string }[]) => nodes.map((node) => node.title);
const sectionTitle = (key: string) => sections.find((section) => section.key === key)?.title;
const byKey = (key: string) => routesByKey.get(key);

describe('visible menu', () => {
  it('keeps only built pages and drops the sections and groups they leave empty', () => {
    const built = new Set(['roleManagement', 'vehicleInspected']);
    const menu = visibleMenu(everything, (key) => built.has(key));
    expect(titles(menu)).toEqual(['车辆管理', '配置管理']);
    expect(menu[0]?.children?.map((child) => child.title)).toEqual(['入库管理']);
    expect(menu[0]?.children?.[0]?.children?.map((child) => child.path)).toEqual(['/vehicleInspected']);
  });

  it('shows APP管理 only when the menu data contains it', () => {
    const appPage = 'carStationIndex';
    const withApp = visibleMenu(everything, (key) => key === appPage);
    expect(titles(withApp)).toEqual(['APP管理']);
    const opsMenu = buildMenuTree(new Set(['vehicleList', 'leaseOrder']));
    expect(titles(visibleMenu(opsMenu, () => true))).toEqual(['车辆管理', '订单管理']);
  });

  it('never lists 下载记录', () => {
    const menu = visibleMenu([{ key: 'downloadRecord', title: '下载记录', path: '/downloadRecord' }], () => true);
    expect(menu).toEqual([]);
  });

  it('finds the first page and the group of a page', () => {
    const vehicle = visibleMenu(everything, () => true)[0];
    expect(vehicle && firstPagePath(vehicle)).toBe('/vehicleList');
    expect(groupKeyOf(vehicle, 'gpsList')).toBe('vehicle.整备管理');
    expect(groupKeyOf(vehicle, 'vehicleList')).toBeUndefined();
  });
});

describe('breadcrumb', () => {
  it('starts at 首页', () => {
    expect(breadcrumbTrail(testRoute('/home'), sectionTitle, byKey)).toEqual([
      { title: '首页', page: { key: 'home', path: '/home' } },
    ]);
  });

  it('walks section, group, list page and page', () => {
    const route = routesByKey.get('templateManagementEdit');
    expect(route && breadcrumbTrail(route, sectionTitle, byKey).map((crumb) => crumb.title)).toEqual([
      '首页',
      '客户管理',
      '二维码管理',
      '模板管理',
      '编辑模板',
    ]);
    const roles = routesByKey.get('roleManagement');
    expect(roles && breadcrumbTrail(roles, sectionTitle, byKey).map((crumb) => crumb.title)).toEqual([
      '首页',
      '配置管理',
      '角色管理',
    ]);
  });
});
