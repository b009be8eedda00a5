import { describe, expect, it } from 'vitest';
import { routeParams } from './build';
import { buildMenuTree, canOpenRoute, menuKeys, routeCatalogue, routesByKey, routesOfSection } from './catalogue';
import { type MenuNode, sections } from './types';

function keysIn(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...keysIn(node.children ?? [])]);
}

function pathsIn(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [...(node.path ? [node.path] : []), ...pathsIn(node.children ?? [])]);
}

function routeAt(path: string) {
  const route = routeCatalogue.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

const sectionRoutes = routeCatalogue.filter((route) => route.section !== null);

describe('route catalogue', () => {
  it('has unique paths and unique keys', () => {
    const paths = routeCatalogue.map((route) => route.path);
    const keys = routeCatalogue.map((route) => route.key);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routesByKey.size).toBe(routeCatalogue.length);
  });

  it('lists the routes of ROUTES.md per section, plus a /:type child for each of the 5 competitor pages and 联盟留资 (合作方)', () => {
    const counts = Object.fromEntries(sections.map((section) => [section.key, routesOfSection(section.key).length]));
    expect(counts).toEqual({
      vehicle: 19,
      customer: 35,
      order: 16,
      operation: 45 + 5,
      finance: 5,
      bSide: 23,
      approval: 13,
      app: 27 + 1,
      config: 11,
    });
  });

  it('keeps each section contiguous and in the order of the sections', () => {
    const order = sections.map((section) => section.key);
    const seen = sectionRoutes.map((route) => route.section);
    const runs = seen.filter((section, index) => section !== seen[index - 1]);
    expect(runs).toEqual(order);
  });

  it('derives params from the :name parts of a path, in order', () => {
    expect(routeParams('/vehicleList')).toEqual([]);
    expect(routeParams('/retailOrderEdit/:id')).toEqual(['id']);
    expect(routeParams('/exchangeCarHandoverApply/:id/:orderId')).toEqual(['id', 'orderId']);
    expect(routeParams('/a/:first/b/:second')).toEqual(['first', 'second']);
  });

  it('gives its pages their params: 19 take an id, the 5 competitor forms and 联盟留资 a type, 5 pages two', () => {
    const pathsBy = new Map<string, string[]>();
    for (const route of routeCatalogue) {
      const params = route.params.join(',');
      pathsBy.set(params, [...(pathsBy.get(params) ?? []), route.path]);
    }
    const counts = Object.fromEntries([...pathsBy].map(([params, paths]) => [params, paths.length]));
    expect(counts).toEqual({ '': routeCatalogue.length - 30, id: 19, type: 6, 'id,orderId': 2, 'id,type': 3 });
    expect(pathsBy.get('id,orderId')).toEqual([
      '/exchangeCarHandoverApply/:id/:orderId',
      '/exchangeCarHandoverApplyDetail/:id/:orderId',
    ]);
    expect(pathsBy.get('id,type')).toEqual([
      '/productQuoteApproval/:id/:type',
      '/retailWorkOrderApproval/:id/:type',
      '/returnCheckoutApproval/:id/:type',
    ]);
    expect(pathsBy.get('type')).toContain('/cp-competition-management/platform-info/:type');
    expect(routeAt('/couponDetail/:id').params).toEqual(['id']);
  });

  it('gates every hidden page behind a sidebar page of its own section', () => {
    for (const route of sectionRoutes.filter((candidate) => candidate.hidden)) {
      const owner = routesByKey.get(route.menuKey);
      expect(owner, route.path).toBeDefined();
      expect(owner?.hidden, route.path).toBe(false);
      expect(owner?.section, route.path).toBe(route.section);
    }
  });

  it('gives every sidebar page its own key as menu key', () => {
    for (const route of sectionRoutes.filter((candidate) => !candidate.hidden)) {
      expect(route.menuKey, route.path).toBe(route.key);
    }
  });

  it('requires only buttons that the owning page offers', () => {
    const gated = sectionRoutes.filter((route) => route.requiresButton !== undefined);
    expect(gated.length).toBeGreaterThan(0);
    for (const route of gated) {
      const ownerButtons = routesByKey.get(route.menuKey)?.buttons.map((button) => button.key) ?? [];
      expect(ownerButtons, route.path).toContain(route.requiresButton);
    }
  });

  it('gates add pages on the add button and edit pages on the edit button', () => {
    expect(routeAt('/ridehailingDriversAdd').requiresButton).toBe('ridehailingDrivers:add');
    expect(routeAt('/retailOrderEdit/:id').requiresButton).toBe('retailOrder:edit');
    expect(routeAt('/company-operation/add').requiresButton).toBe('company-operation:add');
    expect(routeAt('/retailWorkOrder/new').requiresButton).toBe('initiated:add');
    expect(routeAt('/couponDetail/:id').requiresButton).toBeUndefined();
  });

  it('attaches hidden pages to the list page that owns them', () => {
    const owners: Record<string, string> = {
      '/ridehailingDriversAdd': '/ridehailingDrivers',
      '/lookBill': '/badDebtList',
      '/company-operation/add': '/company-operation',
      '/productQuoteApproval/:id/:type': '/tobeDone',
      '/retailWorkOrder/new': '/initiated',
      '/rentalOrderHistoryDetails/:id': '/rentalOrder',
      '/exchangeCarHandoverApply/:id/:orderId': '/exchangeManage',
      '/cp-competition-management/platform-info/:type': '/cp-competition-management/platform-info',
    };
    for (const [path, ownerPath] of Object.entries(owners)) {
      expect(routeAt(path).menuKey, path).toBe(routeAt(ownerPath).key);
    }
  });

  it('offers export on every sidebar page and uses lowerCamelCase actions', () => {
    for (const route of sectionRoutes.filter((candidate) => !candidate.hidden)) {
      expect(route.buttons.map((button) => button.key)).toContain(`${route.key}:export`);
      for (const button of route.buttons) {
        expect(button.key.startsWith(`${route.key}:`), button.key).toBe(true);
        expect(button.key.slice(route.key.length + 1)).toMatch(/^[a-z][a-zA-Z]*$/);
        expect(button.title).not.toBe('');
      }
    }
  });

  it('shows the pending-count badge only on 星海待办', () => {
    expect(routeCatalogue.filter((route) => route.badge === 'pending').map((route) => route.path)).toEqual([
      '/starSeaTobeDone',
    ]);
  });
});

describe('buildMenuTree', () => {
  it('builds the 9 sections in order when every menu key is held', () => {
    const tree = buildMenuTree(new Set(menuKeys));
    expect(tree.map((node) => node.key)).toEqual(sections.map((section) => section.key));
    expect(tree.map((node) => node.title)).toEqual(sections.map((section) => section.title));
  });

  it('groups the vehicle pages into 入库管理, 整备管理 and 出库管理', () => {
    const [vehicle] = buildMenuTree(new Set(menuKeys));
    const groups = vehicle?.children?.filter((node) => node.children) ?? [];
    expect(groups.map((group) => group.title)).toEqual(['入库管理', '整备管理', '出库管理']);
    expect(groups[0]?.children?.map((node) => node.path)).toEqual([
      '/vehicleInspected',
      '/inspectedVehicle',
      '/vehicleInspection',
    ]);
  });

  it('builds a single section from the vehicle keys alone', () => {
    const vehicleKeys = routesOfSection('vehicle')
      .filter((route) => !route.hidden)
      .map((route) => route.key);
    const tree = buildMenuTree(new Set(vehicleKeys));
    expect(tree.map((node) => node.key)).toEqual(['vehicle']);
  });

  it('never lists hidden pages, nor /downloadRecord', () => {
    const paths = pathsIn(buildMenuTree(new Set([...menuKeys, 'downloadRecord'])));
    expect(paths).not.toContain('/downloadRecord');
    expect(paths).not.toContain('/vehicleDetail');
    expect(paths).toHaveLength(menuKeys.length);
  });

  it('carries the badge of 星海待办 into its menu node', () => {
    const [approval] = buildMenuTree(new Set(['starSeaTobeDone']));
    expect(approval?.children).toEqual([
      { key: 'starSeaTobeDone', title: '星海待办', path: '/starSeaTobeDone', badge: 'pending' },
    ]);
  });

  it('keeps menu node keys unique', () => {
    const keys = keysIn(buildMenuTree(new Set(menuKeys)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('canOpenRoute', () => {
  const addPage = routeAt('/ridehailingDriversAdd');

  it('refuses an add page to a user without the add button', () => {
    expect(canOpenRoute(addPage, { menus: new Set(['ridehailingDrivers']), buttons: new Set() })).toBe(false);
    expect(
      canOpenRoute(addPage, { menus: new Set(['ridehailingDrivers']), buttons: new Set(['ridehailingDrivers:edit']) }),
    ).toBe(false);
  });

  it('opens an add page to a user holding the list menu and its add button', () => {
    expect(
      canOpenRoute(addPage, { menus: new Set(['ridehailingDrivers']), buttons: new Set(['ridehailingDrivers:add']) }),
    ).toBe(true);
  });

  it('refuses an add page to a user holding the button but not the list menu', () => {
    expect(canOpenRoute(addPage, { menus: new Set(), buttons: new Set(['ridehailingDrivers:add']) })).toBe(false);
  });

  it('opens a detail page with the list menu alone', () => {
    expect(
      canOpenRoute(routeAt('/ridehailingDriversDetails'), {
        menus: new Set(['ridehailingDrivers']),
        buttons: new Set(),
      }),
    ).toBe(true);
  });
});
